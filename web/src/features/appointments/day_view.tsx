import { type CSSProperties, useEffect, useRef } from "react";
import type { ScheduleInstructor } from "../../../../common/contract/schedule.ts";
import { formatMinutes } from "../../../../common/time.ts";
import { InstructorHead } from "./instructor_head.tsx";
import { LessonButton } from "./lesson_button.tsx";
import {
  dayWindow,
  gridHours,
  type Lesson,
  lessonsByInstructor,
  placeDayLessons,
} from "./schedule_layout.ts";

interface DayViewProps {
  title: string;
  instructors: ScheduleInstructor[];
  lessons: Lesson[];
  onOpen(id: number): void;
}

/**
 * On a new day, the grid scrolls to its earliest lesson: with lessons only in the afternoon the
 * frame otherwise opened on empty morning hours while the header said "34 Termine".
 */
function useScrollToFirstLesson(day: string, lessonCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = ref.current;
    if (!frame || lessonCount === 0) return;
    const blocks = [...frame.querySelectorAll<HTMLElement>(".schedule-lesson")];
    if (!blocks.length) return;
    const frameTop = frame.getBoundingClientRect().top;
    const firstTop = Math.min(...blocks.map((b) => b.getBoundingClientRect().top));
    const head = frame.querySelector<HTMLElement>(".schedule-day-head")?.offsetHeight ?? 0;
    frame.scrollTop = Math.max(0, firstTop - frameTop + frame.scrollTop - head - 8);
  }, [day, lessonCount]);
  return ref;
}

/**
 * One day: a column per instructor, the hours down the side, each lesson a block at its time.
 * Marked up as a table (column headers name the instructors) so a screen reader can say whose
 * column a lesson is in; the blocks are placed by CSS from their minutes.
 */
export function DayView({ title, instructors, lessons, onOpen }: DayViewProps) {
  // One window for all columns, so 14:00 is at the same height everywhere.
  const window = dayWindow(lessons);
  const hours = gridHours(window);
  const byInstructor = lessonsByInstructor(lessons);
  const style = {
    "--schedule-columns": instructors.length,
    "--schedule-hours": hours.length,
  } as CSSProperties;
  const scroller = useScrollToFirstLesson(title, lessons.length);
  return (
    <div className="schedule-scroll" ref={scroller}>
      <div className="schedule-day" role="table" aria-label={`Tagesansicht ${title}`} style={style}>
        <div role="rowgroup" className="schedule-day-head">
          <div role="row" className="schedule-day-row">
            <div role="columnheader" className="schedule-corner">
              <span className="sr-only">Uhrzeit</span>
            </div>
            {instructors.map((instructor) => (
              <div role="columnheader" key={instructor.id} className="schedule-day-instructor">
                <InstructorHead
                  instructor={instructor}
                  lessons={byInstructor.get(instructor.id) ?? []}
                />
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          <div role="row" className="schedule-day-row">
            <div role="rowheader" className="schedule-hours">
              <span className="sr-only">
                {formatMinutes(window.startHour * 60)} bis {formatMinutes(window.endHour * 60)}
              </span>
              {hours.map((hour) => (
                <span key={hour} className="schedule-hour-label" aria-hidden="true">
                  {formatMinutes(hour * 60)}
                </span>
              ))}
            </div>
            {instructors.map((instructor) => (
              <div
                role="cell"
                key={instructor.id}
                className="schedule-column"
                data-instructor-id={instructor.id}
              >
                {placeDayLessons(byInstructor.get(instructor.id) ?? [], window).map((p) => (
                  <LessonButton
                    key={p.lesson.id}
                    lesson={p.lesson}
                    onOpen={onOpen}
                    variant="block"
                    style={{
                      top: `calc(var(--schedule-hour) * ${p.top / 60})`,
                      height: `calc(var(--schedule-hour) * ${p.length / 60} - 2px)`,
                      left: `calc(${p.lane} * 100% / ${p.lanes} + 2px)`,
                      width: `calc(100% / ${p.lanes} - 4px)`,
                    }}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
