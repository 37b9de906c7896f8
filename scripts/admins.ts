import { generatePassword, hashPassword } from "../common/passwords.ts";
import type { Sql } from "../db/connection.ts";

/** Creates an administrator; returns the password (generated unless given). */
export async function createAdmin(sql: Sql, username: string, password?: string): Promise<string> {
  const chosen = password ?? generatePassword();
  await sql`
    insert into users (username, role, password_hash, first_name, last_name)
    values (${username}, 'admin', ${await hashPassword(chosen)}, '', '')
  `;
  return chosen;
}
