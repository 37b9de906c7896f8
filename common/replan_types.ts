/**
 * The shapes a re-planning passes between the worker that proposes it (solver/worker/replan.ts)
 * and the writes that apply it (db/replan_writes.ts), which the API's "Vorschlag übernehmen" runs
 * too: here, so the API needs nothing from the planner.
 */
import type { CancelledLesson, MovedLesson } from "./contract/affected.ts";
import type { AbsenceRow } from "./absence_labels.ts";

/** One affected appointment as the worker read it (wall-clock times in Europe/Berlin). */
export interface AffectedLesson {
  id: number;
  studentId: number;
  instructorId: number;
  vehicleId: number | null;
  transmission: "manual" | "automatic";
  status: string;
  /** 'YYYY-MM-DDTHH:MM' */
  start: string;
  end: string;
  studentName: string;
  instructorName: string;
  /** the absence that makes it affected (the student's first), named in a cancel reason */
  absence?: AbsenceRow | null;
}

/** The affected appointments and the names the result needs. */
export interface ReplanInput {
  lessons: AffectedLesson[];
  instructorNames: Map<number, string>;
}

/** What a re-planning does to each affected appointment. */
export interface ReplanChanges {
  moves: (MovedLesson & {
    instructor_id: number;
    vehicle_id: number | null;
    status: string;
  })[];
  cancels: CancelledLesson[];
}
