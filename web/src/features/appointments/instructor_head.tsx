import type {
  ScheduleInstructor,
  ScheduleInstructorDay,
} from "../../../../common/contract/schedule.ts";
import { transmissionLabel } from "../../../../common/german_words.ts";
import { de } from "../../i18n/de.ts";
import type { FrameSpan } from "./day_frame.ts";
import type { Lesson } from "./schedule_layout.ts";

interface InstructorHeadProps {
  instructor: ScheduleInstructor;
  lessons: Lesson[];
  /** the day view's: the instructor's day, and a whole-day absence that replaces the hours */
  day?: ScheduleInstructorDay;
  absence?: FrameSpan;
}

/**
 * An instructor's name with transmissions and the number of lessons that take place; in the day
 * view also the working hours, or the absence ('Urlaub') that keeps the column empty.
 */
export function InstructorHead({ instructor, lessons, day, absence }: InstructorHeadProps) {
  const taking = lessons.filter((l) => l.status !== "cancelled").length;
  const transmissions = instructor.transmission_types.map(transmissionLabel).join(", ");
  const hours = day?.work.map((w) => `${w.start}–${w.end}`).join(", ");
  return (
    <span className="schedule-instructor">
      <span className="schedule-instructor-name" title={instructor.name}>{instructor.name}</span>
      {absence && (
        <span className="schedule-instructor-absent" title={absence.title}>{absence.label}</span>
      )}
      {!absence && day && (
        <span className="schedule-instructor-hours">{hours || "Keine Arbeitszeit"}</span>
      )}
      <span className="schedule-instructor-meta">
        {de.appointmentCount(taking)}
        {transmissions && (
          <span className="schedule-instructor-transmissions">· {transmissions}</span>
        )}
      </span>
    </span>
  );
}
