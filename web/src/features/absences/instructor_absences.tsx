import { AbsencesSection } from "./absences_section.tsx";
import { SickNotesSection } from "./sick_notes_section.tsx";

/** Below the instructor's details: sick notes (office only) and absence ranges. */
export function InstructorAbsences({ id }: { id: number }) {
  return (
    <>
      <SickNotesSection id={id} />
      <AbsencesSection id={id} />
    </>
  );
}
