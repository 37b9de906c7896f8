import type { CSSProperties } from "react";
import { statusLabel } from "../../../../common/german_words.ts";
import { type Lesson, lessonLabel } from "./schedule_layout.ts";

interface LessonButtonProps {
  lesson: Lesson;
  onOpen(id: number): void;
  /** 'block': placed in the day grid, start and end; 'chip': in a week's list, the start only */
  variant: "block" | "chip";
  /** name the day in the accessible label (the week's lists, where the column says it only visually) */
  withDate?: boolean;
  /** why the lesson does not fit its instructor's day ('außerhalb der Arbeitszeit'), or '' */
  warning?: string;
  style?: CSSProperties;
}

/**
 * One lesson of the overview as a button: time, student, vehicle and type on screen, the full
 * sentence (with the instructor) for screen readers; Enter or Space opens it like a click.
 * Cancelled lessons stay visible, struck through, so the office sees what was given up.
 */
export function LessonButton(
  { lesson, onOpen, variant, withDate, warning, style }: LessonButtonProps,
) {
  const label = [lessonLabel(lesson, { withDate }), warning].filter(Boolean).join(", ");
  const meta = [lesson.vehicle, lesson.type_display].filter(Boolean).join(" · ");
  // Not struck through with the rest of a cancelled lesson: the word says why it is.
  const status = lesson.status !== "confirmed" && (
    <span className="schedule-lesson-status">{statusLabel(lesson.status)}</span>
  );
  return (
    <button
      type="button"
      className={`schedule-lesson schedule-lesson-${variant} is-${lesson.status}${
        warning ? " has-warning" : ""
      }`}
      style={style}
      aria-label={label}
      title={label}
      data-lesson-id={lesson.id}
      onClick={() => onOpen(lesson.id)}
    >
      <span className="schedule-lesson-head">
        <span className="schedule-lesson-time">
          {variant === "chip" ? lesson.time : `${lesson.time}–${lesson.end_clock}`}
        </span>
        {status}
        {warning && <span className="schedule-lesson-warning" aria-hidden="true">!</span>}
      </span>
      <span className="schedule-lesson-student">{lesson.student_name}</span>
      {meta && <span className="schedule-lesson-meta">{meta}</span>}
    </button>
  );
}
