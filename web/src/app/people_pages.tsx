import { AbsencesSection } from "../features/absences/absences_section.tsx";
import { InstructorAbsences } from "../features/absences/instructor_absences.tsx";
import { AccountSection } from "../features/accounts/account_section.tsx";
import { InstructorsScreen, StudentsScreen } from "../features/people/people_screen.tsx";

// The people screens show each person's access and absences below the details; the features
// meet here.

function InstructorExtras({ id }: { id: number }) {
  return (
    <>
      <AccountSection id={id} />
      <InstructorAbsences id={id} />
    </>
  );
}

function StudentExtras({ id }: { id: number }) {
  return (
    <>
      <AccountSection id={id} />
      <AbsencesSection id={id} />
    </>
  );
}

/** /instructors, with access, sick notes and absences in the detail view. */
export function InstructorsPage() {
  return <InstructorsScreen DetailExtras={InstructorExtras} />;
}

/** /students, with access and absences in the detail view. */
export function StudentsPage() {
  return <StudentsScreen DetailExtras={StudentExtras} />;
}
