/**
 * The push behind the planner card's stream (GET /api/admin/planner-events/): one hub per database
 * pool reads the visible job whenever the database says a planner_jobs row changed (trigger
 * planner_job_events, migration 0023) and hands the state to every open stream.
 *
 * One LISTEN per API process, not one per stream: postgres.js runs all listens of a pool on one
 * dedicated connection, and the streams only add a callback to an in-memory set, so a thousand
 * open or dropped streams cost no database connection (decision 0016). Where LISTEN is refused
 * (a pooler in transaction mode, say) the hub reads the row every 250 ms instead, but only while
 * a stream is open.
 */
import type { Sql } from "../../db/connection.ts";
import type { PlannerProgress } from "../../common/contract/planner_progress.ts";
import { toProgress } from "./progress.ts";
import { latestVisibleJob } from "./queries.ts";

/** The channel the trigger notifies (sql/migrations/0023_planner_job_events.sql). */
export const EVENTS_CHANNEL = "planner_job_events";
/** Without LISTEN: how often the row is read while a stream is open. */
export const FALLBACK_POLL_MS = 250;
/**
 * With LISTEN: a running job is read again this often anyway, because a worker that died sends
 * no notification, and the card must still turn to "Der Planungsdienst antwortet nicht mehr".
 */
export const RUNNING_REFRESH_MS = 2000;

type Subscriber = (progress: PlannerProgress) => void;

export class PlannerEventHub {
  private subscribers = new Set<Subscriber>();
  /** Per stream: how the hub ends it when the API stops. */
  private enders = new Map<Subscriber, () => void>();
  private listening: Promise<"listen" | "poll"> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private status: PlannerProgress["status"] | undefined;
  private lastJson = "";
  private closed = false;
  /** Notifications received (tests tell a pushed change from one the timer found). */
  notifications = 0;

  constructor(private sql: Sql, private log: (line: string) => void = console.error) {}

  /** Open streams right now (tests check that closed streams are gone). */
  get size(): number {
    return this.subscribers.size;
  }

  /** Whether the hub is woken by NOTIFY ("listen") or reads on a timer ("poll"). */
  mode(): Promise<"listen" | "poll"> {
    return this.listening ?? Promise.resolve("poll");
  }

  /**
   * Adds a stream: it gets the current state at once, then every change. The returned function
   * removes it; it must be called when the client goes away.
   */
  async subscribe(send: Subscriber, end: () => void = () => {}): Promise<() => void> {
    if (this.closed) throw new Error("Der Planungsstand wird nicht mehr gesendet (API endet)");
    this.subscribers.add(send);
    this.enders.set(send, end);
    const unsubscribe = () => {
      this.subscribers.delete(send);
      this.enders.delete(send);
      if (this.subscribers.size === 0) {
        this.stopTimer();
        // The next stream starts afresh: its first read is its own.
        this.lastJson = "";
      }
    };
    try {
      await this.startListening();
      // Its own first read: a new stream must not wait for the next change.
      const first = toProgress(await latestVisibleJob(this.sql));
      if (this.subscribers.has(send)) send(first);
      // Only the timer's choice (not the change check, which belongs to the shared reads).
      this.status = first.status;
      void this.schedule();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /**
   * Ends every open stream (the API's graceful stop waits for open responses, and a stream never
   * ends by itself), then stops the timer and the LISTEN.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopTimer();
    for (const end of [...this.enders.values()]) end();
    this.subscribers.clear();
    this.enders.clear();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await listening.catch(() => {});
    await this.unlisten?.().catch(() => {});
  }

  private unlisten: (() => Promise<unknown>) | undefined;

  private startListening(): Promise<"listen" | "poll"> {
    this.listening ??= this.sql.listen(EVENTS_CHANNEL, () => {
      this.notifications++;
      void this.refresh();
    })
      .then((listener) => {
        this.unlisten = listener.unlisten;
        return "listen" as const;
      })
      .catch((err) => {
        this.log(
          `LISTEN ${EVENTS_CHANNEL} nicht möglich (${(err as Error).message}); ` +
            `der Planungsstand wird alle ${FALLBACK_POLL_MS} ms gelesen, solange jemand zusieht`,
        );
        return "poll" as const;
      });
    return this.listening;
  }

  /** Reads the visible job and sends it to every stream if it changed; coalesces bursts. */
  refresh(): Promise<void> {
    if (this.closed || this.subscribers.size === 0) return Promise.resolve();
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        try {
          const progress = toProgress(await latestVisibleJob(this.sql));
          this.status = progress.status;
          const json = JSON.stringify(progress);
          if (json !== this.lastJson) {
            this.lastJson = json;
            for (const send of [...this.subscribers]) send(progress);
          }
        } catch (err) {
          // A passing database error: the next notification or timer tries again.
          this.log(`Planungsstand nicht lesbar: ${(err as Error).message}`);
        }
      } while (this.readAgain && !this.closed);
    })().finally(() => {
      this.reading = undefined;
      void this.schedule();
    });
    return this.reading;
  }

  /** The next timed read: fast without LISTEN, slow while a job runs, none when idle. */
  private async schedule(): Promise<void> {
    this.stopTimer();
    if (this.closed || this.subscribers.size === 0) return;
    const mode = await this.mode();
    const running = this.status === "running";
    const delay = mode === "poll" ? FALLBACK_POLL_MS : running ? RUNNING_REFRESH_MS : undefined;
    if (delay === undefined || this.subscribers.size === 0) return;
    this.stopTimer();
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private stopTimer() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

const hubs = new WeakMap<Sql, PlannerEventHub>();

/** The hub of a pool (one per API process; tests make one per test database). */
export function plannerEventHub(sql: Sql): PlannerEventHub {
  let hub = hubs.get(sql);
  if (!hub) hubs.set(sql, hub = new PlannerEventHub(sql));
  return hub;
}
