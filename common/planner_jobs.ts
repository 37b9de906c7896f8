/** The planner job rules the worker (solver/worker/jobs.ts) and the API share. */

/** A worker gives up on a job that has been taken over this often (its runs keep dying). */
export const MAX_ATTEMPTS = 2;
/**
 * A running job whose heartbeat is older than this belongs to a dead worker. Heartbeats come every
 * second (run_job.ts) and the planning itself runs in a Web Worker, so five missed beats mean the
 * process is gone; with the 2 s poll of a live worker a dead one's job is taken over (or failed,
 * after MAX_ATTEMPTS) within about 7 s.
 */
export const STALE_AFTER_SECONDS = 5;

/** The progress line while a job's worker has stopped sending heartbeats and nobody took over. */
export const STALLED_STEP =
  "Der Planungsdienst antwortet nicht mehr. Die Planung wird übernommen, sobald wieder ein " +
  "Planungsdienst läuft.";

/** The activity line and progress step of a job taken over from a dead worker. */
export const TAKEN_OVER =
  "Planungsdienst ausgefallen, ein anderer hat die Planung übernommen und beginnt sie neu";
