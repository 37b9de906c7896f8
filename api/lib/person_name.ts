import type { Db } from "../../db/connection.ts";

/** A person's display name in SQL: first and last name, else the username (users alias `u`). */
export function fullNameSql(sql: Db, alias = "u") {
  const a = sql.unsafe(alias);
  return sql`coalesce(nullif(trim(${a}.first_name || ' ' || ${a}.last_name), ''), ${a}.username)`;
}
