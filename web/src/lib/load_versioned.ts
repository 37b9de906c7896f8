import { apiExchange, versionFromEtag } from "./api.ts";
import type { WriteKind } from "./offline/queue_store.ts";
import { pendingBody } from "./offline/sync.ts";

/** What a screen shows: the stored rows (or the user's queued edit of them) and their version. */
export interface VersionedData<T> {
  rows: T[];
  version: number | null;
  /** the rows come from a change not yet on the server */
  pending: boolean;
}

/**
 * Loads the user's rows with the ETag version (offline: the service worker's last copy). A queued
 * change of the same kind wins, so a screen opened offline shows the user's own edits.
 */
export async function loadVersioned<T>(kind: WriteKind, path: string): Promise<VersionedData<T>> {
  const queued = await pendingBody(kind);
  try {
    const answer = await apiExchange<T[]>("GET", path);
    const version = versionFromEtag(answer.headers.get("ETag"));
    if (queued !== undefined) return { rows: queued as T[], version, pending: true };
    return { rows: answer.data ?? [], version, pending: false };
  } catch (err) {
    if (queued !== undefined) return { rows: queued as T[], version: null, pending: true };
    throw err;
  }
}
