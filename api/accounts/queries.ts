import type { Db, Sql } from "../../db/connection.ts";
import type { Tx } from "../lib/transactions.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { AppError, notFound } from "../lib/errors.ts";

/** An instructor or student the office manages; admins are refused (403), unknown ids 404. */
export interface ManagedPerson {
  id: number;
  username: string;
  name: string;
  role: "instructor" | "student";
  is_active: boolean;
}

const roleWord = (role: string) => role === "instructor" ? "Fahrlehrer" : "Fahrschüler";

/** "Fahrschüler Vera Vergesslich", for the activity log. */
export function personLabel(person: ManagedPerson): string {
  return `${roleWord(person.role)} ${person.name}`;
}

/** The person behind /admin/users/{id}/…, locked for the change that follows. */
export async function managedPerson(
  tx: Db,
  id: number,
  adminMessage: string,
): Promise<ManagedPerson> {
  const [row] = await tx<ManagedPerson[]>`
    select u.id::int, u.username, ${fullNameSql(tx)} as name, u.role, u.is_active
      from users u where u.id = ${id}
       for update
  `;
  if (!row) throw notFound("Benutzer");
  if (row.role !== "instructor" && row.role !== "student") {
    throw new AppError(403, "admin_protected", adminMessage);
  }
  return row;
}

/** The password hash and flags the change-password call checks against. */
export async function passwordOf(sql: Sql, userId: number): Promise<string> {
  const [row] = await sql<{ password_hash: string }[]>`
    select password_hash from users where id = ${userId}
  `;
  if (!row) throw new AppError(401, "not_authenticated", "Bitte melden Sie sich an.");
  return row.password_hash;
}

/**
 * Stores a new password. The users trigger of 0015 ends every session of the user when the hash
 * changes; `keepSession` (the caller's own) is put back in the same transaction, with its CSRF
 * token, so the browser that changed the password stays signed in and nobody else does.
 */
export async function storePassword(
  tx: Tx,
  userId: number,
  hash: string,
  options: { keepSession?: string | null; mustChange?: boolean } = {},
): Promise<void> {
  const kept = options.keepSession
    ? await tx`select * from sessions where token_hash = ${options.keepSession}`
    : [];
  await tx`
    update users set password_hash = ${hash},
                     must_change_password = ${options.mustChange ?? false}
     where id = ${userId}
  `;
  for (const session of kept) {
    await tx`insert into sessions ${tx(session)}`;
  }
}

/** Sets a person active or inactive; the trigger of 0015 ends their sessions. */
export async function setActive(tx: Tx, userId: number, active: boolean): Promise<void> {
  await tx`
    update users set is_active = ${active},
                     deactivated_at = case when ${active} then null else now() end
     where id = ${userId}
  `;
}

/** Future lessons listed as affected because the person is inactive. */
export async function countInactiveAffected(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx<{ n: number }[]>`
    select count(distinct appointment_id)::int as n from affected_appointments
     where source = 'inactive_user' and absent_user_id = ${userId}
  `;
  return row.n;
}
