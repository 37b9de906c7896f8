import { generatePassword, hashPassword } from "../api/auth/passwords.ts";
import type { Sql } from "../api/db.ts";

/** Creates an administrator; returns the password (generated unless given). */
export async function createAdmin(sql: Sql, username: string, password?: string): Promise<string> {
  const chosen = password ?? generatePassword();
  await sql`
    insert into users (username, role, password_hash, first_name, last_name)
    values (${username}, 'admin', ${await hashPassword(chosen)}, '', '')
  `;
  return chosen;
}
