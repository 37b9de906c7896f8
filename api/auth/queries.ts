import type { Sql } from "../../db/connection.ts";
import type { SessionUser } from "../env.ts";

/** Sessions end after this much idle time. */
export const sessionIdleHours = 12;
/** ...and after this long in any case, however busy (an absolute lifetime). */
export const sessionMaxDays = 30;

export interface UserWithHash extends SessionUser {
  password_hash: string;
  is_active: boolean;
}

/** Finds a user by username or e-mail (the login field is labelled E-Mail-Adresse). */
export async function findUserForLogin(sql: Sql, login: string): Promise<UserWithHash | undefined> {
  const [row] = await sql<UserWithHash[]>`
    select id::int, username, first_name, last_name, email, role, role = 'admin' as is_staff,
           must_change_password, password_hash, is_active
    from users
    where lower(username) = lower(${login}) or (email <> '' and lower(email) = lower(${login}))
    order by lower(username) = lower(${login}) desc
    limit 1
  `;
  return row;
}

/** Stores a new session with its own CSRF token. */
export async function insertSession(
  sql: Sql,
  tokenHash: string,
  userId: number,
  csrfToken: string,
): Promise<void> {
  await sql`
    insert into sessions (token_hash, user_id, csrf_token)
    values (${tokenHash}, ${userId}, ${csrfToken})
  `;
}

export async function deleteSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql`delete from sessions where token_hash = ${tokenHash}`;
}

/** The user of a live session and its CSRF token; touches last_seen_at at most once a minute. */
export async function userForSession(
  sql: Sql,
  tokenHash: string,
): Promise<{ user: SessionUser; csrfToken: string } | undefined> {
  const [row] = await sql<(SessionUser & { stale: boolean; csrf_token: string })[]>`
    select u.id::int, u.username, u.first_name, u.last_name, u.email, u.role,
           u.role = 'admin' as is_staff, u.must_change_password,
           s.last_seen_at < now() - interval '1 minute' as stale,
           s.csrf_token
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash}
      and s.last_seen_at > now() - make_interval(hours => ${sessionIdleHours})
      and s.created_at > now() - make_interval(days => ${sessionMaxDays})
      and u.is_active
  `;
  if (!row) return undefined;
  if (row.stale) {
    await sql`update sessions set last_seen_at = now() where token_hash = ${tokenHash}`;
  }
  const { stale: _stale, csrf_token: csrfToken, ...user } = row;
  return { user, csrfToken };
}

/** Deletes ended sessions and stale throttle rows; the API runs it every hour. */
export async function deleteExpiredSessions(sql: Sql): Promise<number> {
  const ended = await sql`
    delete from sessions
    where last_seen_at < now() - make_interval(hours => ${sessionIdleHours})
       or created_at < now() - make_interval(days => ${sessionMaxDays})
  `;
  await sql`delete from login_failures where failed_at < now() - interval '1 day'`;
  await sql`delete from trusted_devices where created_at < now() - interval '1 year'`;
  return ended.count;
}
