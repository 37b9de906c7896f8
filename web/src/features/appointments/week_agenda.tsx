import { LessonButton } from "./lesson_button.tsx";
import { dayColumnHead, type Lesson, lessonsByDay } from "./schedule_layout.ts";

interface WeekAgendaProps {
  days: string[];
  today: string;
  lessons: Lesson[];
  onOpen(id: number): void;
}

/** The week of one instructor on a phone: the days one below the other, each with its lessons. */
export function WeekAgenda({ days, today, lessons, onOpen }: WeekAgendaProps) {
  const byDay = lessonsByDay(lessons);
  return (
    <ol className="schedule-agenda">
      {days.map((day) => {
        const list = byDay.get(day) ?? [];
        const head = dayColumnHead(day);
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
            {list.length
              ? (
                <ul className="schedule-chips">
                  {list.map((lesson) => (
                    <li key={lesson.id}>
                      <LessonButton lesson={lesson} onOpen={onOpen} variant="chip" withDate />
                    </li>
                  ))}
                </ul>
              )
              : <p className="muted small">Keine Termine</p>}
          </li>
        );
      })}
    </ol>
  );
}
