import { type CSSProperties, useLayoutEffect, useRef } from "react";
import type {
  ScheduleClosedDay,
  ScheduleInstructor,
  ScheduleInstructorDay,
} from "../../../../common/contract/schedule.ts";
import { formatMinutes, minutesOf } from "../../../../common/time.ts";
import { frameSpans, lessonWarning, openingMinute, wholeDayAbsence } from "./day_frame.ts";
import { DayFrameLayer } from "./day_frame_layer.tsx";
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
  /** the ISO day shown */
  day: string;
  instructors: ScheduleInstructor[];
  lessons: Lesson[];
  /** each instructor's working hours, absences and blocks of the day, by instructor id */
  days: Map<number, ScheduleInstructorDay>;
  closed: ScheduleClosedDay[];
  /** minutes since midnight when the day is today, else null */
  now: number | null;
  /** lessons and working hours of this day are loaded: the grid may take its opening scroll */
  ready: boolean;
  onOpen(id: number): void;
}

/**
 * Once per day (and set of columns), when its data is in, the grid scrolls to its opening minute
 * (day_frame.ts: the first lesson, today the current hour): it opened on empty morning hours
 * while the header said "34 Termine". On a phone the frame does not scroll by itself (the page
 * does, its heads sticking below the app's bar), so there the page scrolls instead. Later reloads
 * (a lesson moved) keep where the user scrolled. It also tells the CSS how tall the sticky heads
 * are, so a whole-day absence's label stays in view below them.
 */
function useOpeningScroll(key: string, minute: number | null, startHour: number, ready: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const opened = useRef("");
  useLayoutEffect(() => {
    const frame = ref.current;
    const corner = frame?.querySelector<HTMLElement>(".schedule-corner");
    if (!frame || !corner) return;
    const heads = corner.offsetHeight;
    frame.style.setProperty("--schedule-head-height", `${heads}px`);
    if (!ready || opened.current === key) return;
    opened.current = key;
    const hour = frame.querySelector<HTMLElement>(".schedule-hour-label")
      ?.getBoundingClientRect().height ?? 0;
    // A few pixels above the line, so the hour's label is not under the heads' border.
    const offset = minute === null ? 0 : Math.max(0, (minute / 60 - startHour) * hour - 4);
    const overflow = getComputedStyle(frame).overflowY;
    if (overflow === "auto" || overflow === "scroll") {
      frame.scrollTop = offset;
      return;
    }
    if (minute === null) return;
    // The rows start where the hours column does; the heads stick at their CSS `top` (the app
    // bar's height) and cover the rows below it.
    const rows = (frame.querySelector(".schedule-hours")?.getBoundingClientRect().top ?? 0) +
      globalThis.scrollY;
    const stickyTop = parseFloat(getComputedStyle(corner).top) || 0;
    globalThis.scrollTo({ top: rows + offset - stickyTop - heads, behavior: "instant" });
  });
  return ref;
}

/**
 * One day: a column per instructor, the hours down the side, each lesson a block at its time
 * over the instructor's working hours, absences and blocks. Marked up as a table (column headers
 * name the instructors) so a screen reader can say whose column a lesson is in; the blocks are
 * placed by CSS from their minutes.
 */
export function DayView(props: DayViewProps) {
  const { title, day, instructors, lessons, days, closed, now, ready, onOpen } = props;
  const shownDays = instructors.map((i) => days.get(i.id));
  // One window for all columns, so 14:00 is at the same height everywhere.
  const window = dayWindow(
    lessons,
    shownDays.flatMap((d) => d?.work ?? []).map((w) => ({
      start: minutesOf(w.start),
      end: minutesOf(w.end),
    })),
  );
  const hours = gridHours(window);
  const byInstructor = lessonsByInstructor(lessons);
  const spansOf = new Map(instructors.map((i) => [i.id, frameSpans(days.get(i.id), closed)]));
  const style = {
    "--schedule-columns": instructors.length,
    "--schedule-hours": hours.length,
  } as CSSProperties;
  const scroller = useOpeningScroll(
    `${day}|${instructors.map((i) => i.id).join(",")}`,
    openingMinute(lessons, shownDays, now),
    window.startHour,
    ready,
  );
  return (
    <div className="schedule-scroll" ref={scroller}>
      <div className="schedule-day" role="table" aria-label={`Tagesansicht ${title}`} style={style}>
        <div role="rowgroup" className="schedule-day-head">
          <div role="row" className="schedule-day-row">
            <div role="columnheader" className="schedule-corner">
              <span className="sr-only">Uhrzeit</span>
            </div>
            {instructors.map((instructor) => (
              <div
                role="columnheader"
                key={instructor.id}
                className="schedule-day-instructor"
                data-instructor-id={instructor.id}
              >
                <InstructorHead
                  instructor={instructor}
                  lessons={byInstructor.get(instructor.id) ?? []}
                  day={days.get(instructor.id)}
                  absence={wholeDayAbsence(spansOf.get(instructor.id) ?? [])}
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
            {instructors.map((instructor) => {
              const own = days.get(instructor.id);
              const spans = spansOf.get(instructor.id) ?? [];
              return (
                <div
                  role="cell"
                  key={instructor.id}
                  className="schedule-column"
                  data-instructor-id={instructor.id}
                >
                  <DayFrameLayer day={own} spans={spans} window={window} />
                  {placeDayLessons(byInstructor.get(instructor.id) ?? [], window).map((p) => (
                    <LessonButton
                      key={p.lesson.id}
                      lesson={p.lesson}
                      onOpen={onOpen}
                      variant="block"
                      warning={lessonWarning(p.lesson, own, spans)}
                      style={{
                        top: `calc(var(--schedule-hour) * ${p.top / 60})`,
                        height: `calc(var(--schedule-hour) * ${p.length / 60} - 2px)`,
                        left: `calc(${p.lane} * 100% / ${p.lanes} + 2px)`,
                        width: `calc(100% / ${p.lanes} - 4px)`,
                      }}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
