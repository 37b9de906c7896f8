import type { ScheduleInstructor } from "../../../../common/contract/schedule.ts";
import { InstructorHead } from "./instructor_head.tsx";
import { LessonButton } from "./lesson_button.tsx";
import {
  dayColumnHead,
  type Lesson,
  lessonsByDay,
  lessonsByInstructor,
} from "./schedule_layout.ts";

interface WeekViewProps {
  title: string;
  days: string[];
  today: string;
  instructors: ScheduleInstructor[];
  lessons: Lesson[];
  onOpen(id: number): void;
  /** switches to the day view of a day (its column head is a button) */
  onShowDay(day: string): void;
}

/** A week: a row per instructor, the days across, each day's lessons as compact chips in time order. */
export function WeekView(
  { title, days, today, instructors, lessons, onOpen, onShowDay }: WeekViewProps,
) {
  const byInstructor = lessonsByInstructor(lessons);
  return (
    <div className="schedule-scroll">
      <table className="schedule-week">
        <caption className="sr-only">Wochenansicht {title}</caption>
        <thead>
          <tr>
            <th scope="col" className="schedule-week-corner">Fahrlehrer</th>
            {days.map((day) => {
              const head = dayColumnHead(day);
              return (
                <th
                  key={day}
                  scope="col"
                  className={day === today ? "is-today" : undefined}
                  aria-current={day === today ? "date" : undefined}
                >
                  <button
                    type="button"
                    className="schedule-week-day"
                    title={`Tagesansicht ${head.long}, ${head.date}`}
                    onClick={() => onShowDay(day)}
                  >
                    <abbr title={head.long}>{head.short}</abbr>
                    <span>{head.date}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {instructors.map((instructor) => {
            const own = byInstructor.get(instructor.id) ?? [];
            const byDay = lessonsByDay(own);
            return (
              <tr key={instructor.id} data-instructor-id={instructor.id}>
                <th scope="row">
                  <InstructorHead instructor={instructor} lessons={own} />
                </th>
                {days.map((day) => {
                  const list = byDay.get(day) ?? [];
                  return (
                    <td
                      key={day}
                      data-day={day}
                      className={day === today ? "is-today" : undefined}
                    >
                      {list.length > 0 && (
                        <ul className="schedule-chips">
                          {list.map((lesson) => (
                            <li key={lesson.id}>
                              <LessonButton
                                lesson={lesson}
                                onOpen={onOpen}
                                variant="chip"
                                withDate
                              />
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
