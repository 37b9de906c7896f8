import type { Sql } from "../../db/connection.ts";
import { schoolClock } from "../../common/time.ts";
import { AppError } from "../lib/errors.ts";

/** Failures that lock an account (or a known browser of it) for the rest of the window. */
export const accountLimit = 10;
/** Failures one client address may make, over all usernames (password spraying included). */
export const addressLimit = 30;
export const windowMinutes = 15;

/** The counters one login attempt is booked on. */
export interface ThrottleKeys {
  account: string;
  address: string;
}

/** The reserved failure rows; a successful login takes them back. */
export interface Reservation {
  ids: number[];
}

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
 * Books the attempt as a failure on both counters before the password is checked, or throws 429
 * when a counter is full. One transaction with an advisory lock per key makes count-and-insert
 * atomic: 60 parallel attempts cannot all read "9 failures" and all go on to hash. Locks are
 * always taken account first, then address, so two attempts never wait on each other in a circle.
 */
export async function reserveAttempt(sql: Sql, keys: ThrottleKeys): Promise<Reservation> {
  const result = await inReservationSlot(() => bookAttempt(sql, keys));
  if ("until" in result) throw tooManyAttempts(result.until);

  // Old rows are worthless; trimming here keeps the table small without a job.
  await sql`delete from login_failures where failed_at < now() - interval '1 day'`;
  return result;
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
      throw new AppError(
        429,
        "too_many_attempts",
        "Gerade gibt es sehr viele Anmeldeversuche. Bitte versuchen Sie es in einer Minute erneut.",
      );
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

/** Counts both keys and books the failure rows, or answers until when a counter is full. */
function bookAttempt(sql: Sql, keys: ThrottleKeys): Promise<Reservation | { until: Date }> {
  return sql.begin(async (tx): Promise<Reservation | { until: Date }> => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${keys.account}, 0))`;
    await tx`select pg_advisory_xact_lock(hashtextextended(${keys.address}, 0))`;
    const counts = await tx<{ key: string; n: number; oldest: Date }[]>`
      select throttle_key as key, count(*)::int as n, min(failed_at) as oldest
      from login_failures
      where throttle_key in (${keys.account}, ${keys.address})
        and failed_at > now() - make_interval(mins => ${windowMinutes})
      group by throttle_key
    `;
    const full = counts.find((row) =>
      row.n >= (row.key === keys.address ? addressLimit : accountLimit)
    );
    if (full) return { until: new Date(full.oldest.getTime() + windowMinutes * 60_000) };
    const rows = await tx<{ id: number }[]>`
      insert into login_failures (throttle_key)
      values (${keys.account}), (${keys.address})
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
