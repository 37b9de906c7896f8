import type {
  ScheduleInstructor,
  ScheduleInstructorDay,
} from "../../../../common/contract/schedule.ts";
import { transmissionLabel } from "../../../../common/german_words.ts";
import { de } from "../../i18n/de.ts";
import { type FrameSpan, workHoursText } from "./day_frame.ts";
import type { Lesson } from "./schedule_layout.ts";

interface InstructorHeadProps {
  instructor: ScheduleInstructor;
  lessons: Lesson[];
  /** the day view's: the instructor's day, and a whole-day absence that replaces the hours */
  day?: ScheduleInstructorDay;
  absence?: FrameSpan;
  /** the week's: a word in place of the hours ('Keine Arbeitszeit eingetragen') */
  hint?: string;
}

/**
 * An instructor's name with transmissions and the number of lessons that take place; in the day
 * view also the working hours, or the absence ('Urlaub') that keeps the column empty; in the week
 * that no working hours are entered at all.
 */
export function InstructorHead({ instructor, lessons, day, absence, hint }: InstructorHeadProps) {
  const taking = lessons.filter((l) => l.status !== "cancelled").length;
  const transmissions = instructor.transmission_types.map(transmissionLabel).join(", ");
  const hours = day ? workHoursText(day) : hint;
  return (
    <span className="schedule-instructor">
      <span className="schedule-instructor-name" title={instructor.name}>{instructor.name}</span>
      {absence && (
        <span className="schedule-instructor-absent" title={absence.title}>{absence.label}</span>
      )}
      {!absence && hours && (
        <span
          className={`schedule-instructor-hours${day?.work.length ? "" : " is-none"}`}
        >
          {hours}
        </span>
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
