import { AppError } from "../lib/errors.ts";

/**
 * Password checks run in a small pool of Web Workers: argon2id takes ~50-100 ms of CPU, and on
 * the API's one thread a flood of logins made every other request wait (current-user took up to
 * 2 s instead of 2 ms). At most `maxWaiting` checks may queue; beyond that a login is answered
 * 429 at once, so a flood costs the server little and signed-in users stay fast. The queue holds
 * a class signing in at once (a few seconds of checks at most): the login throttle already keeps
 * any one account or address to a handful of checks in flight.
 */
const poolSize = Math.max(1, Math.min(2, (navigator.hardwareConcurrency ?? 2) - 1));
const maxWaiting = 48;

interface Job {
  id: number;
  password: string;
  hash: string;
  resolve(ok: boolean): void;
  reject(error: unknown): void;
}

const idle: Worker[] = [];
const busy = new Map<Worker, Job>();
const queue: Job[] = [];
let workerCount = 0;
let nextId = 1;

function startWorker(): Worker {
  const worker = new Worker(new URL("./hash_worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<{ id: number; ok: boolean }>) => {
    busy.get(worker)?.resolve(event.data.ok);
    busy.delete(worker);
    runNext(worker);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    busy.get(worker)?.reject(new Error(`Passwortprüfung fehlgeschlagen: ${event.message}`));
    busy.delete(worker);
    runNext(worker);
  };
  workerCount++;
  return worker;
}

function runNext(worker: Worker) {
  const job = queue.shift();
  if (!job) {
    idle.push(worker);
    return;
  }
  busy.set(worker, job);
  worker.postMessage({ id: job.id, password: job.password, hash: job.hash });
}

/** Checks a password against an argon2id hash on a pool thread; 429 when too many wait. */
export function verifyInPool(password: string, hash: string): Promise<boolean> {
  if (queue.length >= maxWaiting) {
    throw new AppError(
      429,
      "server_busy",
      "Der Server ist gerade ausgelastet. Bitte versuchen Sie es in einigen Sekunden erneut.",
    );
  }
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, password, hash, resolve, reject });
    const worker = idle.pop() ?? (workerCount < poolSize ? startWorker() : undefined);
    if (worker) runNext(worker);
  });
}

/** Ends the pool's threads (tests and shutdown); a later check starts new ones. */
export function closeHashPool(): void {
  for (const worker of [...idle, ...busy.keys()]) worker.terminate();
  idle.length = 0;
  busy.clear();
  workerCount = 0;
}
