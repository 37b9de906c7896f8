import type { Context } from "hono";
import type { Sql } from "../../db/connection.ts";
import type { AppEnv } from "../env.ts";
import { readCookie, writeCookie } from "./cookies.ts";
import { randomToken, sha256Hex } from "./tokens.ts";

/** A browser is remembered for a year after it signed in. */
const deviceCookieDays = 365;

/** The hash of this browser's device cookie, if it has a well-formed one. */
export async function deviceHash(c: Context<AppEnv>): Promise<string | null> {
  const token = readCookie(c, "deviceid");
  return token && /^[0-9a-f]{64}$/.test(token) ? await sha256Hex(token) : null;
}

/** Whether this browser signed in to the user's account before. */
export async function isTrustedDevice(
  sql: Sql,
  hash: string | null,
  userId: number | undefined,
): Promise<boolean> {
  if (!hash || userId === undefined) return false;
  const [row] = await sql`
    select 1 from trusted_devices where token_hash = ${hash} and user_id = ${userId}
  `;
  return Boolean(row);
}

/** After a successful login: the browser is remembered for this account (a new cookie if none). */
export async function trustDevice(c: Context<AppEnv>, userId: number): Promise<void> {
  let hash = await deviceHash(c);
  if (!hash) {
    const token = randomToken();
    hash = await sha256Hex(token);
    writeCookie(c, "deviceid", token, { maxAge: deviceCookieDays * 24 * 60 * 60 });
  }
  await c.get("sql")`
    insert into trusted_devices (token_hash, user_id) values (${hash}, ${userId})
    on conflict do nothing
  `;
}
