import type { Sql } from "../../db/connection.ts";

/** Done, planned and still open of one kind of training (lessons, or 45-minute units). */
export interface TrainingFigures {
  required: number;
  done: number;
  planned: number;
  open: number;
}

/**
 * A student's training record (issue 22): Fahrstunden per transmission in lessons, the special
 * drives in 45-minute units. Done counts what was driven before Fahrplan (completed_*_hours) plus
 * the lessons that took place (view student_training_counts, which the planner reads too).
 */
export interface Training {
  manual: TrainingFigures;
  automatic: TrainingFigures;
  overland: TrainingFigures;
  highway: TrainingFigures;
  night: TrainingFigures;
}

const figures = (required: number, done: number, planned: number): TrainingFigures => ({
  required,
  done,
  planned,
  open: Math.max(0, required - done - planned),
});

/** The training record of the given students, by id (students without a profile are left out). */
export async function trainingOf(sql: Sql, ids: number[]): Promise<Map<number, Training>> {
  if (!ids.length) return new Map();
  const profiles = await sql<{
    user_id: number;
    required_manual_hours: number;
    required_automatic_hours: number;
    completed_manual_hours: number;
    completed_automatic_hours: number;
    required_overland: number;
    required_highway: number;
    required_night: number;
  }[]>`
    select user_id::int, required_manual_hours, required_automatic_hours, completed_manual_hours,
           completed_automatic_hours, required_overland, required_highway, required_night
      from student_profiles where user_id = any(${ids}::bigint[])
  `;
  const counts = await sql<{
    student_id: number;
    kind: string;
    transmission: string;
    done_lessons: number;
    planned_lessons: number;
    done_units: number;
    planned_units: number;
  }[]>`
    select student_id::int, kind, transmission, done_lessons, planned_lessons, done_units,
           planned_units
      from student_training_counts where student_id = any(${ids}::bigint[])
  `;
  const result = new Map<number, Training>();
  for (const p of profiles) {
    const mine = counts.filter((c) => c.student_id === p.user_id);
    const lessons = (transmission: string) => {
      const rows = mine.filter((c) =>
        c.kind === "driving_lesson" && c.transmission === transmission
      );
      return {
        done: rows.reduce((n, c) => n + c.done_lessons, 0),
        planned: rows.reduce((n, c) => n + c.planned_lessons, 0),
      };
    };
    const units = (kind: string) => {
      const rows = mine.filter((c) => c.kind === kind);
      return {
        done: rows.reduce((n, c) => n + c.done_units, 0),
        planned: rows.reduce((n, c) => n + c.planned_units, 0),
      };
    };
    const manual = lessons("manual");
    const automatic = lessons("automatic");
    const overland = units("overland");
    const highway = units("highway");
    const night = units("night");
    result.set(p.user_id, {
      manual: figures(
        p.required_manual_hours,
        p.completed_manual_hours + manual.done,
        manual.planned,
      ),
      automatic: figures(
        p.required_automatic_hours,
        p.completed_automatic_hours + automatic.done,
        automatic.planned,
      ),
      overland: figures(p.required_overland, overland.done, overland.planned),
      highway: figures(p.required_highway, highway.done, highway.planned),
      night: figures(p.required_night, night.done, night.planned),
    });
  }
  return result;
}
