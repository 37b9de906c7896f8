import type { Sql } from "../../db/connection.ts";
import type { SessionUser } from "../env.ts";

/** Sessions end after this much idle time. */
export const sessionIdleHours = 12;

export interface UserWithHash extends SessionUser {
  password_hash: string;
  is_active: boolean;
}

/** Finds a user by username or e-mail (the login field is labelled E-Mail-Adresse). */
export async function findUserForLogin(sql: Sql, login: string): Promise<UserWithHash | undefined> {
  const [row] = await sql<UserWithHash[]>`
    select id::int, username, first_name, last_name, email, role, role = 'admin' as is_staff,
           password_hash, is_active
    from users
    where lower(username) = lower(${login}) or (email <> '' and lower(email) = lower(${login}))
    order by lower(username) = lower(${login}) desc
    limit 1
  `;
  return row;
}

/** Failed logins for a username in the last 15 minutes. */
export async function recentFailures(sql: Sql, username: string): Promise<number> {
  const [row] = await sql`
    select count(*)::int as n from login_failures
    where username = lower(${username}) and failed_at > now() - interval '15 minutes'
  `;
  return row.n;
}

export async function recordFailure(sql: Sql, username: string): Promise<void> {
  await sql`insert into login_failures (username) values (lower(${username}))`;
  // Old rows are worthless; trimming here keeps the table small without a cron job.
  await sql`delete from login_failures where failed_at < now() - interval '1 day'`;
}

export async function clearFailures(sql: Sql, username: string): Promise<void> {
  await sql`delete from login_failures where username = lower(${username})`;
}

export async function insertSession(sql: Sql, tokenHash: string, userId: number): Promise<void> {
  await sql`insert into sessions (token_hash, user_id) values (${tokenHash}, ${userId})`;
}

export async function deleteSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql`delete from sessions where token_hash = ${tokenHash}`;
}

/** The user of a live session; touches last_seen_at at most once a minute. */
export async function userForSession(
  sql: Sql,
  tokenHash: string,
): Promise<SessionUser | undefined> {
  const [row] = await sql<(SessionUser & { stale: boolean })[]>`
    select u.id::int, u.username, u.first_name, u.last_name, u.email, u.role,
           u.role = 'admin' as is_staff, s.last_seen_at < now() - interval '1 minute' as stale
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash}
      and s.last_seen_at > now() - make_interval(hours => ${sessionIdleHours})
      and u.is_active
  `;
  if (!row) return undefined;
  if (row.stale) {
    await sql`update sessions set last_seen_at = now() where token_hash = ${tokenHash}`;
  }
  const { stale: _stale, ...user } = row;
  return user;
}
