import { generatePassword, hashPassword } from "../common/passwords.ts";
import type { Sql } from "../db/connection.ts";

/**
 * Creates an administrator; returns the password (generated unless given). A generated password
 * was only printed into a log: the admin must choose their own at the first sign-in (issue 23).
 */
export async function createAdmin(sql: Sql, username: string, password?: string): Promise<string> {
  const chosen = password ?? generatePassword();
  await sql`
    insert into users (username, role, password_hash, first_name, last_name, must_change_password)
    values (${username}, 'admin', ${await hashPassword(chosen)}, '', '', ${password === undefined})
  `;
  return chosen;
}
