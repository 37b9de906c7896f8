import type { ScheduleInstructorDay } from "../../../../common/contract/schedule.ts";
import { formatMinutes } from "../../../../common/time.ts";
import { type FrameSpan, wholeDayAbsence } from "./day_frame.ts";
import { DayFrameLayer } from "./day_frame_layer.tsx";
import { type Lesson, lessonMinutes } from "./schedule_layout.ts";

interface WeekDayFrameProps {
  day: ScheduleInstructorDay | undefined;
  spans: FrameSpan[];
  lessons: Lesson[];
  /** the hours every bar of the week spans, so 14:00 is at the same place in each cell */
  window: { startHour: number; endHour: number };
}

/**
 * An instructor's day in a week's cell (the table and the phone's agenda): a thin bar with the
 * working hours shaded, absences, blocks and the lessons in it, to see at a glance where the
 * lessons sit in the day; and in words the hours, a whole-day absence ('Urlaub') or each
 * part-day absence and block with its times. The bar repeats the words and is hidden from
 * screen readers.
 */
export function WeekDayFrame({ day, spans, lessons, window }: WeekDayFrameProps) {
  const absence = wholeDayAbsence(spans);
  const first = window.startHour * 60;
  const length = (window.endHour - window.startHour) * 60;
  const hours = day?.work_entered ? day.work.map((w) => `${w.start}–${w.end}`).join(", ") : "";
  const parts = spans.filter((s) => !s.wholeDay);
  return (
    <div className="schedule-week-frame">
      <div className="schedule-week-bar" aria-hidden="true">
        <DayFrameLayer day={day} spans={spans} window={window} axis="horizontal" />
        {lessons.filter((l) => l.status !== "cancelled").map((l) => {
          const { start, end } = lessonMinutes(l);
          return (
            <span
              key={l.id}
              className="schedule-week-bar-lesson"
              style={{
                left: `${(start - first) / length * 100}%`,
                width: `${(end - start) / length * 100}%`,
              }}
            />
          );
        })}
      </div>
      {absence && (
        <span className="schedule-week-absent" title={absence.title}>{absence.label}</span>
      )}
      {!absence && hours && <span className="schedule-week-hours">{hours}</span>}
      {!absence &&
        parts.map((s, i) => (
          <span key={i} className={`schedule-week-span is-${s.kind}`} title={s.title}>
            {formatMinutes(s.start)}–{formatMinutes(s.end)} {s.label}
          </span>
        ))}
    </div>
  );
}
