import type { Sql } from "../../db/connection.ts";
import { schoolClock } from "../../common/time.ts";
import { AppError } from "../lib/errors.ts";

/** Failures that lock an account (or a known browser of it) for the rest of the window. */
export const accountLimit = 10;
/** Failures one client address may make, over all usernames (password spraying included). */
export const addressLimit = 30;
export const windowMinutes = 15;

/** The counters one login attempt is booked on (a browser known to the account: no address). */
export interface ThrottleKeys {
  account: string;
  address: string | null;
}

/** The attempt's pending rows: confirmed as failures or released once the password is checked. */
export interface Reservation {
  ids: number[];
}

/** How long an attempt may wait for the attempts ahead of it before it is refused. */
const maxWaitMs = 20_000;
const waitStepMs = 25;

function tooManyAttempts(until: Date): AppError {
  return new AppError(
    429,
    "too_many_attempts",
    `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es um ${
      schoolClock(until)
    } Uhr erneut.`,
  );
}

/**
 * Holds a place under both limits for an attempt before the password is checked, or throws 429
 * when a counter is full of failures. An attempt in flight counts as a place (a pending row), so
 * 60 parallel attempts cannot all read "9 failures" and all go on to hash; an attempt that finds
 * the places taken by attempts still in flight waits for them instead of being refused, so only
 * real failures lock (20 parallel right passwords all get in). One transaction with an advisory
 * lock per key makes count-and-insert atomic; locks are always taken account first, then address.
 */
export async function reserveAttempt(sql: Sql, keys: ThrottleKeys): Promise<Reservation> {
  const waitUntil = Date.now() + maxWaitMs;
  for (;;) {
    const result = await inReservationSlot(() => bookAttempt(sql, keys));
    if ("until" in result) throw tooManyAttempts(result.until);
    if ("ids" in result) {
      // Old rows are worthless; trimming here keeps the table small without a job.
      await sql`delete from login_failures where failed_at < now() - interval '1 day'`;
      return result;
    }
    if (Date.now() > waitUntil) throw busy();
    await new Promise((resolve) => setTimeout(resolve, waitStepMs));
  }
}

function busy(): AppError {
  return new AppError(
    429,
    "too_many_attempts",
    "Gerade gibt es sehr viele Anmeldeversuche. Bitte versuchen Sie es in einer Minute erneut.",
  );
}

/** After a wrong password: the attempt's places become failures. */
export async function confirmFailure(sql: Sql, reservation: Reservation): Promise<void> {
  await sql`
    update login_failures set pending = false, failed_at = now()
    where id = any(${reservation.ids})
  `;
}

/**
 * Reservation transactions running at once in this process. Attempts from one address all wait
 * for that address's advisory lock, and each waiting transaction held a pool connection: a flood
 * of 50 connections took the whole pool, and a signed-in user's current-user waited 0.5-1.2 s for
 * one. Waiting here costs no connection; the advisory lock still orders several API processes.
 */
export const maxConcurrentReservations = 2;
/** Attempts beyond this many waiting get the 429 at once instead of queueing. */
export const maxWaitingReservations = 200;
let reservationsRunning = 0;
const reservationsWaiting: (() => void)[] = [];

async function inReservationSlot<T>(work: () => Promise<T>): Promise<T> {
  if (reservationsRunning >= maxConcurrentReservations) {
    if (reservationsWaiting.length >= maxWaitingReservations) {
      throw busy();
    }
    // The slot is handed over by the one finishing, so `reservationsRunning` stays counted.
    await new Promise<void>((resolve) => reservationsWaiting.push(resolve));
  } else {
    reservationsRunning++;
  }
  try {
    return await work();
  } finally {
    const next = reservationsWaiting.shift();
    if (next) next();
    else reservationsRunning--;
  }
}

type Booking = Reservation | { until: Date } | { wait: true };

/**
 * Counts both keys and books pending rows, answers until when a counter is full of failures, or
 * that attempts in flight hold the last places.
 */
function bookAttempt(sql: Sql, keys: ThrottleKeys): Promise<Booking> {
  const keyList = keys.address ? [keys.account, keys.address] : [keys.account];
  return sql.begin(async (tx): Promise<Booking> => {
    for (const key of keyList) await tx`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
    const counts = await tx<{ key: string; failed: number; pending: number; oldest: Date }[]>`
      select throttle_key as key,
             count(*) filter (where not pending)::int as failed,
             count(*) filter (where pending and failed_at > now() - interval '1 minute')::int
               as pending,
             min(failed_at) filter (where not pending) as oldest
      from login_failures
      where throttle_key in ${tx(keyList)}
        and failed_at > now() - make_interval(mins => ${windowMinutes})
      group by throttle_key
    `;
    const limitOf = (key: string) => key === keys.address ? addressLimit : accountLimit;
    const full = counts.find((row) => row.failed >= limitOf(row.key));
    if (full) return { until: new Date(full.oldest.getTime() + windowMinutes * 60_000) };
    if (counts.some((row) => row.failed + row.pending >= limitOf(row.key))) return { wait: true };
    const rows = await tx<{ id: number }[]>`
      insert into login_failures (throttle_key, pending)
      select key, true from unnest(${keyList}::text[]) as key
      returning id::int
    `;
    return { ids: rows.map((row) => row.id) };
  });
}

/** After a successful login: the attempt was no failure, and the account starts afresh. */
export async function releaseAttempt(
  sql: Sql,
  reservation: Reservation,
  account: string,
): Promise<void> {
  await sql`
    delete from login_failures where id = any(${reservation.ids}) or throttle_key = ${account}
  `;
}
