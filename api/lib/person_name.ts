import type { Db } from "../../db/connection.ts";

/** A person's display name in SQL: first and last name, else the username (users alias `u`). */
export function fullNameSql(sql: Db, alias = "u") {
  const a = sql.unsafe(alias);
  return sql`coalesce(nullif(trim(${a}.first_name || ' ' || ${a}.last_name), ''), ${a}.username)`;
}

/**
 * A person's sort key in SQL: last name, then first name, as an office reads a list of people
 * (issue 25, point 6); without a last name the first name, else the username.
 */
export function lastNameSortSql(sql: Db, alias = "u") {
  const a = sql.unsafe(alias);
  return sql`row(lower(coalesce(nullif(trim(${a}.last_name), ''), nullif(trim(${a}.first_name), ''),
                                ${a}.username)),
                 lower(coalesce(${a}.first_name, '')))`;
}
