import type { ScheduleInstructorDay } from "../../../../common/contract/schedule.ts";
import { minutesOf } from "../../../../common/time.ts";
import type { FrameSpan } from "./day_frame.ts";

interface DayFrameLayerProps {
  day: ScheduleInstructorDay | undefined;
  spans: FrameSpan[];
  window: { startHour: number; endHour: number };
  /**
   * 'vertical': the day grid's column, the hours downwards, spans labelled; 'horizontal': the
   * thin bar of a week's cell, the hours across, unlabelled (the cell says it in words)
   */
  axis?: "vertical" | "horizontal";
}

/**
 * What lies behind an instructor's lessons: the working hours shaded, absences and blocks as
 * spans. In the day grid the spans' words are read with the column's cell; the shading is not
 * (the column head names the hours).
 */
export function DayFrameLayer({ day, spans, window, axis = "vertical" }: DayFrameLayerProps) {
  const first = window.startHour * 60;
  const last = window.endHour * 60;
  const place = (start: number, end: number) => {
    const from = Math.max(start, first);
    const to = Math.max(from, Math.min(end, last));
    if (axis === "horizontal") {
      return {
        left: `${(from - first) / (last - first) * 100}%`,
        width: `${(to - from) / (last - first) * 100}%`,
      };
    }
    return {
      top: `calc(var(--schedule-hour) * ${(from - first) / 60})`,
      height: `calc(var(--schedule-hour) * ${(to - from) / 60})`,
    };
  };
  const labelled = axis === "vertical";
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
          title={labelled ? s.title : undefined}
          style={place(s.start, s.end)}
        >
          {labelled && (
            <span className="schedule-span-text">
              <span className="schedule-span-label">{s.label}</span>
              {s.note && <span className="schedule-span-note">{s.note}</span>}
            </span>
          )}
        </div>
      ))}
    </>
  );
}
