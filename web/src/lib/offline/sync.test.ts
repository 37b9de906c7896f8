// @vitest-environment jsdom
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The queue's ordering and exactly-once rules against a small server that keeps the API's
 * contract (replace the set, version counter, Idempotency-Key replay, If-Match → 412). The real
 * server and browser are covered end to end in tests/e2e/offline.spec.ts.
 */
class ContractServer {
  version = 0;
  rows: unknown[] = [];
  applied = 0;
  keys = new Map<string, { status: number; body: unknown }>();
  sessionValid = true;
  /** every state change is refused as from an older session's token (a kept copy of it) */
  staleToken = false;
  /** the next requests fail as if the connection were not back yet */
  failNext = 0;
  /** the next write is applied, but its answer never reaches the client */
  loseNextAnswer = false;
  requests: { key: string; ifMatch: string | null }[] = [];

  fetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    if (url.endsWith("/api/csrf/")) return Promise.resolve(Response.json({ csrfToken: "t" }));
    if (this.failNext > 0) {
      this.failNext--;
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    if (this.staleToken) {
      return Promise.resolve(Response.json({ error: "x", code: "csrf_failed" }, { status: 403 }));
    }
    const headers = new Headers(init.headers);
    const key = headers.get("Idempotency-Key")!;
    const ifMatch = headers.get("If-Match");
    this.requests.push({ key, ifMatch });
    if (!this.sessionValid) {
      return Promise.resolve(
        Response.json({ error: "x", code: "not_authenticated" }, { status: 401 }),
      );
    }
    const body = JSON.parse(String(init.body)).availabilities;
    if (body.some((slot: { day_of_week: number }) => slot.day_of_week > 5)) {
      return Promise.resolve(
        Response.json({ error: "Wochenende", code: "validation_failed" }, { status: 400 }),
      );
    }
    let answer = this.keys.get(key);
    if (!answer) {
      if (ifMatch !== null && Number(ifMatch.replaceAll('"', "")) !== this.version) {
        answer = {
          status: 412,
          body: {
            error: "veraltet",
            code: "version_conflict",
            current: this.rows,
            version: this.version,
          },
        };
      } else {
        this.rows = body;
        this.version++;
        this.applied++;
        answer = { status: 200, body: { availabilities: body, version: this.version } };
      }
      this.keys.set(key, answer);
    }
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    return Promise.resolve(Response.json(answer.body, { status: answer.status }));
  };
}

const monday8 = [{ day_of_week: 1, start_time: "08:00:00", end_time: "09:00:00" }];
const monday9 = [{ day_of_week: 1, start_time: "09:00:00", end_time: "10:00:00" }];
const tuesday8 = [{ day_of_week: 2, start_time: "08:00:00", end_time: "09:00:00" }];

let server: ContractServer;
let sync: typeof import("./sync.ts");

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { value: online, configurable: true });
}

afterEach(async () => {
  await sync.clearPersonalData();
  vi.useRealTimers();
});

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  server = new ContractServer();
  vi.stubGlobal("fetch", server.fetch);
  setOnline(true);
  sync = await import("./sync.ts");
  await sync.setSyncUser(7);
});

describe("offline queue", () => {
  it("keeps one write per kind while offline and sends it once when back online", async () => {
    setOnline(false);
    expect(await sync.saveThroughQueue("availability", monday8, 0)).toEqual({ status: "queued" });
    expect(await sync.saveThroughQueue("availability", monday9, 0)).toEqual({ status: "queued" });
    expect(sync.getSyncState().pending).toBe(1);
    expect(await sync.pendingBody("availability")).toEqual(monday9);

    setOnline(true);
    await sync.flushQueue();
    expect(server.rows).toEqual(monday9);
    expect(server.applied).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].ifMatch).toBe('"0"');
    expect(sync.getSyncState().pending).toBe(0);
  });

  it("never changes a write that may have reached the server: a new edit is chained after it", async () => {
    server.loseNextAnswer = true;
    expect(await sync.saveThroughQueue("availability", monday8, 0)).toEqual({ status: "queued" });
    expect(server.applied).toBe(1);

    setOnline(false);
    await sync.saveThroughQueue("availability", tuesday8, 0);
    expect(sync.getSyncState().pending).toBe(2);

    setOnline(true);
    await sync.flushQueue();
    // The first key is replayed (no second change); the chained write uses the version it made.
    expect(server.applied).toBe(2);
    expect(server.rows).toEqual(tuesday8);
    expect(server.requests[1].key).toBe(server.requests[0].key);
    expect(server.requests[2].ifMatch).toBe('"1"');
    expect(sync.getSyncState().pending).toBe(0);
  });

  it("holds a stale write as a conflict until the user decides", async () => {
    server.version = 5;
    server.rows = tuesday8;
    expect(await sync.saveThroughQueue("availability", monday8, 4)).toEqual({
      status: "conflict",
    });
    const [conflict] = sync.getSyncState().conflicts;
    expect(conflict.conflict).toMatchObject({ current: tuesday8, version: 5 });
    expect(server.applied).toBe(0);

    await sync.resolveConflict(conflict.id, "mine");
    expect(server.rows).toEqual(monday8);
    expect(server.requests.at(-1)!.ifMatch).toBe('"5"');
    expect(server.requests.at(-1)!.key).not.toBe(conflict.id);
    expect(sync.getSyncState().conflicts).toEqual([]);
  });

  it("adopting the stored version drops the user's write and tells the screens", async () => {
    server.version = 2;
    server.rows = tuesday8;
    await sync.saveThroughQueue("availability", monday8, 1);
    const seen: unknown[] = [];
    sync.onApplied((change) => seen.push(change));
    await sync.resolveConflict(sync.getSyncState().conflicts[0].id, "theirs");
    expect(seen).toEqual([{ kind: "availability", data: tuesday8, version: 2, adopted: true }]);
    expect(server.rows).toEqual(tuesday8);
    expect(sync.getSyncState().pending).toBe(0);
  });

  it("keeps the queue on a 401 and sends it after the next login", async () => {
    server.sessionValid = false;
    expect(await sync.saveThroughQueue("availability", monday8, 0)).toEqual({ status: "expired" });
    expect(sync.getSyncState()).toMatchObject({ pending: 1, sessionExpired: true });

    await sync.setSyncUser(null);
    expect(sync.getSyncState()).toMatchObject({ pending: 1, sessionExpired: true });
    server.sessionValid = true;
    await sync.setSyncUser(7);
    await sync.flushQueue();
    expect(server.rows).toEqual(monday8);
    expect(sync.getSyncState()).toMatchObject({ pending: 0, sessionExpired: false });
  });

  it("drops a write the server refuses for good and reports its message", async () => {
    const weekend = [{ day_of_week: 6, start_time: "08:00:00", end_time: "09:00:00" }];
    expect(await sync.saveThroughQueue("availability", weekend, 0)).toEqual({
      status: "rejected",
      message: "Wochenende",
    });
    expect(sync.getSyncState().pending).toBe(0);
  });

  it("does not send another user's queued writes with a new session", async () => {
    setOnline(false);
    await sync.saveThroughQueue("availability", monday8, 0);
    setOnline(true);
    await sync.setSyncUser(8);
    await sync.flushQueue();
    expect(server.requests).toEqual([]);
    expect(sync.getSyncState().pending).toBe(0);
  });

  it("keeps a write refused for its CSRF token: the refusal is the connection's, not the data's", async () => {
    server.staleToken = true;
    expect(await sync.saveThroughQueue("availability", monday8, 0)).toEqual({ status: "queued" });
    expect(sync.getSyncState()).toMatchObject({ pending: 1, sessionExpired: false });

    server.staleToken = false;
    await sync.flushQueue();
    expect(server.rows).toEqual(monday8);
    expect(sync.getSyncState().pending).toBe(0);
  });

  it("tries a replay again by itself after the connection failed on the way", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    server.failNext = 2;
    expect(await sync.saveThroughQueue("availability", monday8, 0)).toEqual({ status: "queued" });
    expect(server.requests).toHaveLength(0); // the failed send never reached the server

    // The first retry comes after 2 s and fails too; the next waits 4 s.
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(server.failNext).toBe(0));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_500);
    await vi.waitFor(() => expect(server.rows).toEqual(monday8));
    await vi.waitFor(() => expect(sync.getSyncState().pending).toBe(0));
  });
});
