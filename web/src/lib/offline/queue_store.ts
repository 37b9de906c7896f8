import { createStore, del, get, update } from "idb-keyval";

/** The two self-service data sets a queued write can replace. */
export type WriteKind = "availability" | "special_dates";

/** A write made while (possibly) offline, waiting to be sent exactly once. */
export interface QueuedWrite {
  /** also the Idempotency-Key: the server applies it at most once */
  id: string;
  userId: number;
  kind: WriteKind;
  body: unknown;
  /** the server version the change was made on (If-Match); null = unknown, send without */
  baseVersion: number | null;
  /** an earlier queued write of the same kind this one builds on; sent first */
  afterId: string | null;
  /** how often it left the device; once > 0 its body may be on the server and is frozen */
  attempts: number;
  createdAt: number;
  state: "pending" | "conflict";
  conflict?: { current: unknown; version: number; message: string };
}

const store = createStore("fahrplan-offline", "queue");
const queueKey = "writes";

/** All queued writes in the order they were made. */
export async function readQueue(): Promise<QueuedWrite[]> {
  return (await get<QueuedWrite[]>(queueKey, store)) ?? [];
}

/** Changes the queue in one IndexedDB transaction and answers the new list. */
export async function updateQueue(
  change: (writes: QueuedWrite[]) => QueuedWrite[],
): Promise<QueuedWrite[]> {
  let result: QueuedWrite[] = [];
  await update<QueuedWrite[]>(queueKey, (writes) => {
    result = change(writes ?? []);
    return result;
  }, store);
  return result;
}

/** Forgets every queued write (logout). */
export async function clearQueue(): Promise<void> {
  await del(queueKey, store);
}
