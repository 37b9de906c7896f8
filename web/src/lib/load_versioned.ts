import type { AnswerOf, BodyOf } from "../../../common/contract/routes.ts";
import { exchange, versionFromEtag } from "./api.ts";
import type { WriteKind } from "./offline/queue_store.ts";
import { pendingBody } from "./offline/sync.ts";

/** The route each of the user's own row sets is read from. */
const routes: Record<WriteKind, "GET /my-availability/" | "GET /my-special-dates/"> = {
  availability: "GET /my-availability/",
  special_dates: "GET /my-special-dates/",
};

/** What each route answers per row. */
type Stored = {
  availability: AnswerOf<"GET /my-availability/">[number];
  special_dates: AnswerOf<"GET /my-special-dates/">[number];
};

/** What a save of each kind sends (a queued change holds these rows). */
type Written = {
  availability: BodyOf<"POST /my-availability/">["availabilities"][number];
  special_dates: BodyOf<"POST /my-special-dates/">["special_dates"][number];
};

/** One row of `kind` as loaded, or as the user's queued change holds it. */
export type VersionedRow<K extends WriteKind> = Stored[K] | Written[K];

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
export async function loadVersioned<K extends WriteKind>(
  kind: K,
  signal?: AbortSignal,
): Promise<VersionedData<VersionedRow<K>>> {
  const queued = await pendingBody(kind) as VersionedRow<K>[] | undefined;
  try {
    const route: "GET /my-availability/" | "GET /my-special-dates/" = routes[kind];
    const answer = await exchange(route, { signal });
    const version = versionFromEtag(answer.headers.get("ETag"));
    if (queued !== undefined) return { rows: queued, version, pending: true };
    return { rows: (answer.data ?? []) as VersionedRow<K>[], version, pending: false };
  } catch (err) {
    if (queued !== undefined) return { rows: queued, version: null, pending: true };
    throw err;
  }
}
