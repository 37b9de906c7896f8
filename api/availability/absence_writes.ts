import type { Sql } from "../../db/connection.ts";
import { type AuditActor, inTransaction, recordAudit } from "../lib/audit.ts";
import { notFound } from "../lib/errors.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { germanDate } from "../../common/german_words.ts";

/** One absence as the admin sends it: the self-service entry plus whose it is. */
export interface AbsenceInput {
  user_id: number;
  date: string;
  end_date?: string | null;
  is_unavailable: boolean;
  start_time?: string | null;
  end_time?: string | null;
  description?: string | null;
}

function rangeText(from: string, to: string, times: string): string {
  const days = from === to
    ? `am ${germanDate(from)}`
    : `vom ${germanDate(from)} bis ${germanDate(to)}`;
  return `${days}${times}`;
}

/**
 * Adds one absence range of a person, bumps the person's special-dates version (an open
 * self-service screen then sees the change instead of overwriting it) and answers how many future
 * lessons it hits (affected_appointments).
 */
export async function addAbsence(sql: Sql, actor: AuditActor | null, input: AbsenceInput) {
  return await inTransaction(sql, async (tx) => {
    const [person] = await tx<{ name: string }[]>`
      select ${fullNameSql(tx)} as name from users u
       where u.id = ${input.user_id} and u.role in ('instructor', 'student') for update`;
    if (!person) throw notFound("Person");
    const to = input.end_date || input.date;
    const whole = input.is_unavailable;
    const [row] = await tx<{ id: number }[]>`
      insert into special_dates (user_id, date, end_date, is_unavailable, start_time, end_time,
                                 description)
      values (${input.user_id}, ${input.date}, ${to}, ${whole},
              ${whole ? null : input.start_time ?? null}, ${whole ? null : input.end_time ?? null},
              ${(input.description ?? "").trim()})
      returning id::int`;
    await tx`update users set special_dates_version = special_dates_version + 1
              where id = ${input.user_id}`;
    const [{ affected }] = await tx<{ affected: number }[]>`
      select count(*)::int as affected from affected_appointments
       where source = 'special_date' and absence_id = ${row.id}`;
    const times = whole
      ? ""
      : `, ${input.start_time?.slice(0, 5)}–${input.end_time?.slice(0, 5)} Uhr`;
    await recordAudit(
      tx,
      actor,
      "absence.create",
      `Abwesenheit für ${person.name} ${rangeText(input.date, to, times)} eingetragen`,
      { user_id: input.user_id, absence_id: row.id, affected },
    );
    return {
      id: row.id,
      affected,
      message: `Abwesenheit gespeichert. ${affected} ${
        affected === 1 ? "Termin ist" : "Termine sind"
      } betroffen.`,
    };
  });
}

/** Deletes one absence range of a person, with the version bump and an audit line. */
export async function deleteAbsence(sql: Sql, actor: AuditActor | null, id: number) {
  await inTransaction(sql, async (tx) => {
    const [row] = await tx<{ user_id: number; name: string; from: string; to: string }[]>`
      delete from special_dates s using users u
       where s.id = ${id} and u.id = s.user_id
      returning s.user_id::int, ${fullNameSql(tx)} as name, s.date::text as from,
                s.end_date::text as to`;
    if (!row) throw notFound("Abwesenheit");
    await tx`update users set special_dates_version = special_dates_version + 1
              where id = ${row.user_id}`;
    await recordAudit(
      tx,
      actor,
      "absence.delete",
      `Abwesenheit für ${row.name} ${rangeText(row.from, row.to, "")} gelöscht`,
      { user_id: row.user_id, absence_id: id },
    );
  });
}
