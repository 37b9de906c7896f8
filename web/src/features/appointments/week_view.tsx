import type { ScheduleInstructor } from "../../../../common/contract/schedule.ts";
import { frameSpans, lessonWarning, noWorkEntered } from "./day_frame.ts";
import { InstructorHead } from "./instructor_head.tsx";
import { LessonButton } from "./lesson_button.tsx";
import {
  dayColumnHead,
  type Lesson,
  lessonsByDay,
  lessonsByInstructor,
} from "./schedule_layout.ts";
import type { ScheduleFrame } from "./use_schedule_availability.ts";
import { weekWindow } from "./week_window.ts";
import { WeekDayFrame } from "./week_day_frame.tsx";

interface WeekViewProps {
  title: string;
  days: string[];
  today: string;
  instructors: ScheduleInstructor[];
  lessons: Lesson[];
  /** the instructors' working hours, absences and blocks of the week */
  frame: ScheduleFrame;
  onOpen(id: number): void;
  /** switches to the day view of a day (its column head is a button) */
  onShowDay(day: string): void;
}

/**
 * A week: a row per instructor, the days across, each day's lessons as compact chips in time
 * order over the instructor's day (working hours, absences, blocks), a lesson outside it marked
 * as in the day view.
 */
export function WeekView(
  { title, days, today, instructors, lessons, frame, onOpen, onShowDay }: WeekViewProps,
) {
  const byInstructor = lessonsByInstructor(lessons);
  const window = weekWindow(lessons, instructors, days, frame);
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
            const unknown = noWorkEntered(days.map((d) => frame.dayOf(instructor.id, d)));
            return (
              <tr key={instructor.id} data-instructor-id={instructor.id}>
                <th scope="row">
                  <InstructorHead
                    instructor={instructor}
                    lessons={own}
                    hint={unknown ? "Keine Arbeitszeit eingetragen" : undefined}
                  />
                </th>
                {days.map((day) => {
                  const list = byDay.get(day) ?? [];
                  const dayFrame = frame.dayOf(instructor.id, day);
                  const spans = frameSpans(dayFrame, frame.closedOn(day));
                  return (
                    <td
                      key={day}
                      data-day={day}
                      className={day === today ? "is-today" : undefined}
                    >
                      <WeekDayFrame
                        day={dayFrame}
                        spans={spans}
                        lessons={list}
                        window={window}
                      />
                      {list.length > 0 && (
                        <ul className="schedule-chips">
                          {list.map((lesson) => (
                            <li key={lesson.id}>
                              <LessonButton
                                lesson={lesson}
                                onOpen={onOpen}
                                variant="chip"
                                withDate
                                warning={lessonWarning(lesson, dayFrame, spans)}
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
