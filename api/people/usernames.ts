import type { Db } from "../../db/connection.ts";
import { baseUsername } from "../../common/usernames.ts";

/**
 * A free username: the base, or the base with the smallest number from 2 on appended. Call
 * inside the creating transaction; the unique index still guards against a parallel create.
 */
export async function freeUsername(sql: Db, firstName: string, lastName: string) {
  const base = baseUsername(firstName, lastName);
  const taken = new Set(
    (await sql<{ name: string }[]>`
      select lower(username) as name from users
      where lower(username) = ${base} or lower(username) ~ ${`^${
      base.replace(/\./g, "\\.")
    }[0-9]+$`}
    `).map((row) => row.name),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}
