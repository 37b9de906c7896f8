import type { ScheduleInstructorDay } from "../../../../common/contract/schedule.ts";
import { minutesOf } from "../../../../common/time.ts";
import type { FrameSpan } from "./day_frame.ts";

interface DayFrameLayerProps {
  day: ScheduleInstructorDay | undefined;
  spans: FrameSpan[];
  window: { startHour: number; endHour: number };
}

/**
 * What lies behind an instructor's lessons in the day grid: the working hours shaded, absences
 * and blocks as labelled spans. The spans' words are read with the column's cell; the shading
 * is not (the column head names the hours).
 */
export function DayFrameLayer({ day, spans, window }: DayFrameLayerProps) {
  const first = window.startHour * 60;
  const last = window.endHour * 60;
  const place = (start: number, end: number) => {
    const from = Math.max(start, first);
    const to = Math.min(end, last);
    return {
      top: `calc(var(--schedule-hour) * ${(from - first) / 60})`,
      height: `calc(var(--schedule-hour) * ${(to - from) / 60})`,
    };
  };
  return (
    <>
      {(day?.work ?? []).map((w) => (
        <div
          key={`work-${w.start}`}
          className="schedule-work"
          aria-hidden="true"
          style={place(minutesOf(w.start), minutesOf(w.end))}
        />
      ))}
      {spans.map((s, i) => (
        <div
          key={`${s.kind}-${i}`}
          className={`schedule-${s.kind}${s.wholeDay ? " is-whole-day" : ""}`}
          title={s.title}
          style={place(s.start, s.end)}
        >
          <span className="schedule-span-text">
            <span className="schedule-span-label">{s.label}</span>
            {s.note && <span className="schedule-span-note">{s.note}</span>}
          </span>
        </div>
      ))}
    </>
  );
}
