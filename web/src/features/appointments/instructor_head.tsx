import type { ScheduleInstructor } from "../../../../common/contract/schedule.ts";
import { transmissionLabel } from "../../../../common/german_words.ts";
import { de } from "../../i18n/de.ts";
import type { Lesson } from "./schedule_layout.ts";

/** An instructor's name with transmissions and the number of lessons that take place. */
export function InstructorHead(
  { instructor, lessons }: { instructor: ScheduleInstructor; lessons: Lesson[] },
) {
  const taking = lessons.filter((l) => l.status !== "cancelled").length;
  const transmissions = instructor.transmission_types.map(transmissionLabel).join(", ");
  return (
    <span className="schedule-instructor">
      <span className="schedule-instructor-name">{instructor.name}</span>
      <span className="schedule-instructor-meta">
        {de.appointmentCount(taking)}
        {transmissions && (
          <span className="schedule-instructor-transmissions">· {transmissions}</span>
        )}
      </span>
    </span>
  );
}
