/**
 * Runs one claimed job: builds the instance, plans in a Web Worker while a timer sends heartbeats
 * every second and each new step of the planner is written at most every 200 ms (the card shows
 * them as they happen, issue 13), and writes the plan back in one transaction. Stops (writing nothing)
 * as soon as a heartbeat finds the job cancelled or taken over.
 */
import type { Sql } from "../../db/connection.ts";
import { buildInstance } from "./build_instance.ts";
import {
  type ClaimedJob,
  failJob,
  heartbeat,
  logLine,
  type ProgressReport,
  releaseJob,
} from "./jobs.ts";
import { MAX_ATTEMPTS } from "../../common/planner_jobs.ts";
import type { PlanWorkerMessage } from "./plan_worker.ts";
import { type PlanResult, runStatistics, writePlan } from "./write_plan.ts";
import { adjustForReplan, loadAffected, matchReplan, replanStudents } from "./replan.ts";
import { ReplanOutdated, writeReplanProposal } from "../../db/replan_writes.ts";
import { placeNearby } from "./replan_nearby.ts";

/** How a run ended. */
export type RunOutcome = "completed" | "failed" | "stopped" | "released";

const HEARTBEAT_MS = 1000;
/** Progress reaches the database at most this often (each write notifies the card's stream). */
export const PROGRESS_WRITE_MS = 200;
/**
 * The planner's own 0-100 % run from PLAN_FROM to PLAN_TO on the card: before it the data are
 * loaded, after it the plan is saved ("Speichern"), which takes a while on a large school.
 */
const PLAN_FROM = 3;
const PLAN_TO = 95;
const SAVING = "Speichern";
/** The log line (and the card's note) when the planner's time limit cut a search short. */
export const TIME_LIMIT_HIT =
  "Zeitlimit erreicht: die Suche wurde vorzeitig beendet, der Plan ist gültig";
const tooManyAttempts =
  "Die Planung wurde abgebrochen, weil der Planungsdienst mehrmals ausgefallen ist. " +
  "Bitte starten Sie die Planung erneut.";
const internalError =
  "Bei der Planung ist ein interner Fehler aufgetreten. Bitte versuchen Sie es erneut.";

/** One job's run; `release()` hands it back to the queue (used on SIGTERM). */
export class JobRun {
  readonly done: Promise<RunOutcome>;
  private progress: ProgressReport = {
    percent: 1,
    step: "Daten laden",
    processedVariables: 0,
    totalVariables: 0,
    newLogLines: [],
  };
  private planner: Worker | undefined;
  private abandonPlan: (() => void) | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private inflight: Promise<void> | undefined;
  private beatAgain = false;
  private lastBeat = 0;
  private soon: ReturnType<typeof setTimeout> | undefined;
  private finished = false;
  private settle!: (outcome: RunOutcome) => void;
  private readonly startedAt = Date.now();

  constructor(
    private sql: Sql,
    private job: ClaimedJob,
    private workerId: string,
    private options: { stepDelayMs: number; log: (line: string) => void; start?: string },
  ) {
    this.done = new Promise((resolve) => (this.settle = resolve));
    this.run().catch(async (err) => {
      this.options.log(`Auftrag ${job.id}: ${(err as Error).stack ?? err}`);
      await failJob(sql, job.id, workerId, internalError).catch(() => {});
      this.finish("failed");
    });
  }

  /** Gives the job back to the queue unless it has already finished. */
  async release(): Promise<void> {
    if (this.finished) return;
    this.stopPlanning();
    await releaseJob(this.sql, this.job.id, this.workerId);
    this.finish("released");
  }

  private finish(outcome: RunOutcome) {
    if (this.finished) return;
    this.finished = true;
    this.stopPlanning();
    this.settle(outcome);
  }

  private stopPlanning() {
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.planner?.terminate();
    this.abandonPlan?.();
  }

  private async run() {
    const { id } = this.job;
    if (this.job.attempts > MAX_ATTEMPTS) {
      await failJob(this.sql, id, this.workerId, tooManyAttempts);
      this.options.log(`Auftrag ${id}: zu oft übernommen, als fehlgeschlagen markiert`);
      return this.finish("failed");
    }
    this.timer = setInterval(() => this.beatSoon(), HEARTBEAT_MS);
    // The card shows "Daten laden" at once instead of the queue's "Wartet auf …".
    this.beatSoon();
    const replan = this.job.kind === "replan_affected" ? await loadAffected(this.sql) : undefined;
    const scope = this.job.scope;
    const built = await buildInstance(this.sql, {
      start: this.options.start,
      ...(replan ? { keepStudents: replanStudents(replan) } : {}),
      ...(scope ? { onlyPeople: new Set(scope) } : {}),
    });
    if (this.finished) return;
    if (replan) adjustForReplan(built, replan);
    // The fewest changes first (issue 25.3): what fits nearby is placed before the planner runs.
    const nearby = replan ? placeNearby(built, replan) : [];
    const inst = built.instance;
    this.note(
      replan
        ? `Daten geladen: ${replan.lessons.length} betroffene Termine werden neu geplant, ` +
          `${inst.fixed.length} Termine bleiben fest`
        : scope
        ? `Daten geladen: nur die Testdaten (${scope.length} Personen) werden geplant, alle ` +
          `anderen Fahrlehrer, Fahrschüler und ihre Termine bleiben unberührt`
        : `Daten geladen: ${inst.instructors.length} Fahrlehrer, ${inst.students.length} ` +
          `Fahrschüler mit Bedarf, ${built.appointmentsBefore} bestehende Termine im Planungszeitraum`,
    );
    const outcome = await this.plan(inst);
    if (this.finished || outcome.type === "abandoned") return;
    if (outcome.type !== "done") {
      this.options.log(`Auftrag ${id}: ${outcome.message}`);
      const message = outcome.type === "invalid"
        ? `Die Daten ergeben keine gültige Planungsaufgabe: ${outcome.message}`
        : internalError;
      await failJob(this.sql, id, this.workerId, message);
      return this.finish("failed");
    }
    const plan = outcome.plan as unknown as PlanResult;
    // Only where a time limit is set (a safety net; the searches are limited by work).
    if (plan.stats.timeLimitHit) this.note(TIME_LIMIT_HIT);
    // The card shows "Speichern" while the transaction runs; the heartbeat stops only now.
    this.note(SAVING);
    Object.assign(this.progress, { percent: PLAN_TO + 1, step: SAVING });
    await this.flush();
    // Tests that follow every stage hold this one too, as the planner holds each of its steps: a
    // small plan is otherwise saved before the API has read the stage, and the card's stream
    // rightly shows only the newest state (planner_live.spec.ts saw no "Speichern" now and then).
    if (this.options.stepDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.options.stepDelayMs));
    }
    clearInterval(this.timer);
    clearTimeout(this.soon);
    if (this.finished) return;
    const result = runStatistics(
      built,
      plan,
      this.progress.totalVariables,
      this.startedAt,
      outcome.timing.seconds,
    );
    try {
      const pending = {
        totalVariables: this.progress.totalVariables,
        pendingLogLines: this.progress.newLogLines,
      };
      const written = replan
        ? await writeReplanProposal(
          this.sql,
          id,
          this.workerId,
          replan,
          matchReplan(built, plan, replan, nearby),
          result,
          pending,
        )
        : await writePlan(this.sql, id, this.workerId, plan, result, pending, scope);
      this.options.log(
        written === "written"
          ? `Auftrag ${id}: ${plan.appointments.length} Termine geschrieben`
          : `Auftrag ${id}: abgebrochen oder übernommen, nichts geschrieben`,
      );
      this.finish(written === "written" ? "completed" : "stopped");
    } catch (err) {
      const doubleBooking = (err as { code?: string }).code === "23P01";
      this.options.log(`Auftrag ${id}: Schreiben fehlgeschlagen: ${(err as Error).message}`);
      await failJob(
        this.sql,
        id,
        this.workerId,
        err instanceof ReplanOutdated
          ? "Die betroffenen Termine wurden während der Planung geändert. Bitte starten Sie die " +
            "Neuplanung erneut."
          : doubleBooking
          ? "Die Termine konnten nicht gespeichert werden, weil sich ein Termin mit einem bestehenden " +
            "überschneidet (während der Planung geändert?). Bitte starten Sie die Planung erneut."
          : internalError,
      );
      this.finish("failed");
    }
  }

  private plan(
    instance: unknown,
  ): Promise<Exclude<PlanWorkerMessage, { type: "progress" }> | { type: "abandoned" }> {
    return new Promise((resolve) => {
      this.abandonPlan = () => resolve({ type: "abandoned" });
      this.planner = new Worker(new URL("./plan_worker.ts", import.meta.url), { type: "module" });
      this.planner.onmessage = (event: MessageEvent<PlanWorkerMessage>) => {
        const m = event.data;
        if (m.type === "progress") {
          if (m.step !== this.progress.step) this.note(m.step);
          Object.assign(this.progress, {
            percent: PLAN_FROM + (m.percent * (PLAN_TO - PLAN_FROM)) / 100,
            step: m.step,
            processedVariables: m.processedVariables,
            totalVariables: m.totalVariables,
          });
          this.beatSoon();
        } else {
          this.planner?.terminate();
          resolve(m);
        }
      };
      this.planner.onerror = (event) => {
        event.preventDefault();
        resolve({ type: "crashed", message: event.message });
      };
      this.planner.postMessage({ instance, stepDelayMs: this.options.stepDelayMs });
    });
  }

  private note(message: string) {
    this.progress.newLogLines.push(logLine(message));
  }

  /** Writes the new progress now, or once PROGRESS_WRITE_MS have passed since the last write. */
  private beatSoon() {
    if (this.soon !== undefined || this.finished) return;
    const wait = Math.max(0, this.lastBeat + PROGRESS_WRITE_MS - Date.now());
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.beat();
    }, wait);
  }

  /** Heartbeat + progress; a lost job (cancelled, taken over) stops the run at once. */
  private beat(): Promise<void> {
    if (this.finished) return Promise.resolve();
    if (this.inflight) {
      // Written right after the write in flight, so the last step is never lost.
      this.beatAgain = true;
      return this.inflight;
    }
    this.inflight = this.write().finally(() => {
      this.inflight = undefined;
      if (this.beatAgain) {
        this.beatAgain = false;
        this.beatSoon();
      }
    });
    return this.inflight;
  }

  /** Writes the progress as it is now, after any write in flight. */
  private async flush(): Promise<void> {
    while (this.inflight) await this.inflight;
    await this.beat();
  }

  private async write(): Promise<void> {
    this.lastBeat = Date.now();
    const lines = this.progress.newLogLines;
    this.progress.newLogLines = [];
    try {
      const answer = await heartbeat(this.sql, this.job.id, this.workerId, {
        ...this.progress,
        newLogLines: lines,
      });
      if (answer === "lost" && !this.finished) {
        this.options.log(`Auftrag ${this.job.id}: abgebrochen oder übernommen, Planung gestoppt`);
        this.finish("stopped");
      }
    } catch (err) {
      // A lost database connection: keep planning; the write checks ownership again anyway.
      this.progress.newLogLines.unshift(...lines);
      this.options.log(`Heartbeat fehlgeschlagen: ${(err as Error).message}`);
    }
  }
}
