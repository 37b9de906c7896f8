import type { BodyOf } from "../../../../common/contract/routes.ts";
import { ApiError, exchange, type RequestOptions } from "../api.ts";
import { apiCacheName, replaySyncTag } from "./constants.ts";
import {
  clearQueue,
  type QueuedWrite,
  readQueue,
  updateQueue,
  type WriteKind,
} from "./queue_store.ts";

/** What the screens and the status bar show about the queue. */
export interface SyncState {
  /** queued writes of the signed-in user, conflicts included */
  pending: number;
  syncing: boolean;
  conflicts: QueuedWrite[];
  /** a replay met a 401: the queue waits for a new login */
  sessionExpired: boolean;
}

/** How a save ended: sent, waiting for a connection, in conflict, refused, or waiting for login. */
export type SaveOutcome =
  | { status: "saved"; version: number; data: unknown }
  | { status: "queued" }
  | { status: "conflict" }
  | { status: "rejected"; message: string }
  | { status: "expired" };

/** The server's answer to an applied write, or the stored version the user chose. */
export interface AppliedChange {
  kind: WriteKind;
  data: unknown;
  version: number;
  /** true when the user chose the stored version over their own: screens must show it */
  adopted: boolean;
}

const bodyField: Record<WriteKind, string> = {
  availability: "availabilities",
  special_dates: "special_dates",
};

/**
 * Sends a queued write through its contract route. The queue stored the body the screen built
 * from the same contract types; the server validates it again.
 */
async function sendWrite(write: QueuedWrite, options: RequestOptions) {
  const body = { [bodyField[write.kind]]: write.body };
  const answer = write.kind === "availability"
    ? await exchange("POST /my-availability/", {
      ...options,
      body: body as BodyOf<"POST /my-availability/">,
    })
    : await exchange("POST /my-special-dates/", {
      ...options,
      body: body as BodyOf<"POST /my-special-dates/">,
    });
  return answer.data as Record<string, unknown>;
}

let userId: number | null = null;
let state: SyncState = { pending: 0, syncing: false, conflicts: [], sessionExpired: false };
const stateListeners = new Set<() => void>();
const appliedListeners = new Set<(change: AppliedChange) => void>();
const outcomes = new Map<string, SaveOutcome>();
let running: Promise<void> | null = null;
// A replay that could not finish is tried again after a growing pause: an online event can come
// before the connection really works, and nothing else would wake the queue.
const firstRetryMs = 2_000;
const lastRetryMs = 60_000;
let retryMs = firstRetryMs;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function setState(next: Partial<SyncState>) {
  state = { ...state, ...next };
  for (const listener of stateListeners) listener();
}

function mine(writes: QueuedWrite[]): QueuedWrite[] {
  return writes.filter((w) => w.userId === userId);
}

async function refreshState(writes?: QueuedWrite[]) {
  const all = writes ?? await readQueue();
  if (userId === null) {
    // Logout empties the queue, so writes without a signed-in user mean the session ran out.
    setState({ pending: all.length, conflicts: [], sessionExpired: all.length > 0 });
    return;
  }
  const list = mine(all);
  setState({ pending: list.length, conflicts: list.filter((w) => w.state === "conflict") });
}

function newKey(): string {
  // getRandomValues works on plain http too, where randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `fp-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The current sync state (for useSyncExternalStore). */
export function getSyncState(): SyncState {
  return state;
}

/** Calls back on every state change; answers the unsubscribe function. */
export function subscribeSync(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Calls back when a write of some kind reached the server or a stored version was adopted. */
export function onApplied(listener: (change: AppliedChange) => void): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

/** Tells the queue who is signed in; other users' writes are never sent with this session. */
export async function setSyncUser(id: number | null): Promise<void> {
  if (id !== null && id !== userId) {
    // Someone else signs in on this device: earlier writes of another user are not theirs to send.
    await updateQueue((writes) => writes.filter((w) => w.userId === id));
  }
  userId = id;
  if (id !== null) setState({ sessionExpired: false });
  await refreshState();
  if (id !== null) void flushQueue();
}

/** The newest queued body of a kind, so a screen opened offline shows the user's own edits. */
export async function pendingBody(kind: WriteKind): Promise<unknown | undefined> {
  const list = mine(await readQueue()).filter((w) => w.kind === kind);
  return list.at(-1)?.body;
}

/**
 * Queues a replacing write and tries to send it at once. An unsent write of the same kind is
 * replaced in place (its key never reached the server); a write that may have left the device
 * is never changed: the new one is chained after it.
 */
export async function saveThroughQueue(
  kind: WriteKind,
  body: unknown,
  baseVersion: number | null,
): Promise<SaveOutcome> {
  if (userId === null) return { status: "expired" };
  const owner = userId;
  let id = "";
  await updateQueue((writes) => {
    const last = writes.filter((w) => w.userId === owner && w.kind === kind).at(-1);
    if (last && last.attempts === 0 && last.state === "pending") {
      id = last.id;
      return writes.map((w) => (w.id === last.id ? { ...w, body } : w));
    }
    id = newKey();
    return [...writes, {
      id,
      userId: owner,
      kind,
      body,
      baseVersion: last ? last.baseVersion : baseVersion,
      afterId: last ? last.id : null,
      attempts: 0,
      createdAt: Date.now(),
      state: "pending",
    }];
  });
  outcomes.delete(id);
  await refreshState();
  await flushQueue();
  const outcome = outcomes.get(id);
  if (outcome) return outcome;
  if (state.sessionExpired) return { status: "expired" };
  void requestBackgroundSync();
  return { status: "queued" };
}

/** Sends every sendable write of the signed-in user, in order; one run at a time. */
export function flushQueue(): Promise<void> {
  if (running) return running.then(() => flushQueue());
  running = runFlush().finally(() => {
    running = null;
  });
  return running;
}

async function runFlush() {
  if (userId === null || state.sessionExpired) return;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return;
  setState({ syncing: true });
  let stuck = false;
  try {
    for (;;) {
      const next = mine(await readQueue()).find((w) => w.state === "pending" && !w.afterId);
      if (!next) break;
      if (!await send(next)) {
        stuck = true;
        break;
      }
      retryMs = firstRetryMs;
    }
  } finally {
    setState({ syncing: false });
    await refreshState();
  }
  if (stuck && !state.sessionExpired) scheduleRetry();
}

function scheduleRetry() {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushQueue();
  }, retryMs);
  retryMs = Math.min(retryMs * 2, lastRetryMs);
}

function stopRetries() {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  retryMs = firstRetryMs;
}

/** Sends one write; answers whether the loop may go on with the next. */
async function send(queued: QueuedWrite): Promise<boolean> {
  // Marking the write as sent and reading its body happen in one transaction: a save arriving in
  // between either changed it before (and is sent now) or sees it frozen (and is chained).
  let write = queued;
  await updateQueue((writes) =>
    writes.map((w) => {
      if (w.id !== queued.id) return w;
      write = { ...w, attempts: w.attempts + 1 };
      return write;
    })
  );
  const headers: Record<string, string> = { "Idempotency-Key": write.id };
  if (write.baseVersion !== null) headers["If-Match"] = `"${write.baseVersion}"`;
  try {
    const answer = await sendWrite(write, { headers });
    const version = Number(answer.version);
    const data = answer[bodyField[write.kind]];
    await updateQueue((writes) =>
      writes.filter((w) => w.id !== write.id).map((w) =>
        w.afterId === write.id ? { ...w, afterId: null, baseVersion: version } : w
      )
    );
    outcomes.set(write.id, { status: "saved", version, data });
    emitApplied({ kind: write.kind, data, version, adopted: false });
    return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Not now, not never: no connection, a busy or failing server, or a CSRF token that could not
    // be renewed (the connection came back half-way). The write stays and is sent again later.
    if (err.status === 0 || err.status >= 500 || err.status === 429) return false;
    if (err.status === 403 && err.code === "csrf_failed") return false;
    if (err.status === 401) {
      setState({ sessionExpired: true });
      outcomes.set(write.id, { status: "expired" });
      return false;
    }
    if (err.status === 412) {
      const body = err.body as { current?: unknown; version?: number };
      await updateQueue((writes) =>
        writes.map((w) =>
          w.id === write.id
            ? {
              ...w,
              state: "conflict",
              conflict: {
                current: body.current ?? [],
                version: Number(body.version),
                message: err.message,
              },
            }
            : w
        )
      );
      outcomes.set(write.id, { status: "conflict" });
      return true;
    }
    // Refused for good (validation): dropping it is the only way the queue can move on.
    await updateQueue((writes) =>
      writes.filter((w) => w.id !== write.id).map((w) =>
        w.afterId === write.id ? { ...w, afterId: null } : w
      )
    );
    outcomes.set(write.id, { status: "rejected", message: err.message });
    return true;
  }
}

function emitApplied(change: AppliedChange) {
  for (const listener of appliedListeners) listener(change);
}

/**
 * Settles a conflict. 'mine' sends the user's version again on top of the stored one (with a new
 * key: the old key's answer is the 412); 'theirs' drops the user's version and adopts the stored.
 */
export async function resolveConflict(id: string, choice: "mine" | "theirs"): Promise<void> {
  const write = (await readQueue()).find((w) => w.id === id);
  if (!write?.conflict) return;
  const { current, version } = write.conflict;
  if (choice === "mine") {
    const key = newKey();
    await updateQueue((writes) =>
      writes.map((w) => {
        if (w.id === id) {
          return {
            ...w,
            id: key,
            baseVersion: version,
            attempts: 0,
            state: "pending" as const,
            conflict: undefined,
          };
        }
        return w.afterId === id ? { ...w, afterId: key } : w;
      })
    );
    await refreshState();
    await flushQueue();
    return;
  }
  // Later edits of the same kind were built on the discarded version: they go with it.
  const dropped = new Set([id]);
  await updateQueue((writes) =>
    writes.filter((w) => {
      if (w.afterId && dropped.has(w.afterId)) dropped.add(w.id);
      return !dropped.has(w.id);
    })
  );
  emitApplied({ kind: write.kind, data: current, version, adopted: true });
  await refreshState();
}

/** Asks the browser to wake the service worker when the connection is back (where supported). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(replaySyncTag);
  } catch { /* no Background Sync here: the online event and app start still replay */ }
}

/** Removes every trace of personal data on this device: queue, cached answers, memory. */
export async function clearPersonalData(): Promise<void> {
  stopRetries();
  await clearQueue();
  if (typeof caches !== "undefined") await caches.delete(apiCacheName);
  outcomes.clear();
  userId = null;
  setState({ pending: 0, syncing: false, conflicts: [], sessionExpired: false });
}
