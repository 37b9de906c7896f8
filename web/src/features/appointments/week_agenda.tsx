import type { ScheduleInstructor } from "../../../../common/contract/schedule.ts";
import { frameSpans, lessonWarning, noWorkEntered } from "./day_frame.ts";
import { LessonButton } from "./lesson_button.tsx";
import { dayColumnHead, type Lesson, lessonsByDay } from "./schedule_layout.ts";
import type { ScheduleFrame } from "./use_schedule_availability.ts";
import { WeekDayFrame } from "./week_day_frame.tsx";
import { weekWindow } from "./week_window.ts";

interface WeekAgendaProps {
  days: string[];
  today: string;
  instructor: ScheduleInstructor;
  lessons: Lesson[];
  /** the instructor's working hours, absences and blocks of the week */
  frame: ScheduleFrame;
  onOpen(id: number): void;
}

/**
 * The week of one instructor on a phone: the days one below the other, each with the
 * instructor's day (as a week's cell shows it) and its lessons, a lesson outside it marked.
 */
export function WeekAgenda({ days, today, instructor, lessons, frame, onOpen }: WeekAgendaProps) {
  const byDay = lessonsByDay(lessons);
  const window = weekWindow(lessons, [instructor], days, frame);
  const unknown = noWorkEntered(days.map((d) => frame.dayOf(instructor.id, d)));
  return (
    <>
      {unknown && <p className="schedule-agenda-hint">Keine Arbeitszeit eingetragen</p>}
      <ol className="schedule-agenda">
        {days.map((day) => {
          const list = byDay.get(day) ?? [];
          const head = dayColumnHead(day);
          const dayFrame = frame.dayOf(instructor.id, day);
          const spans = frameSpans(dayFrame, frame.closedOn(day));
          return (
            <li
              key={day}
              data-day={day}
              className={day === today ? "is-today" : undefined}
              aria-current={day === today ? "date" : undefined}
            >
              <h3>
                {head.long}, {head.date}
                {day === today && <span className="badge badge-info">Heute</span>}
              </h3>
              <WeekDayFrame day={dayFrame} spans={spans} lessons={list} window={window} />
              {list.length
                ? (
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
                )
                : <p className="muted small">Keine Termine</p>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
