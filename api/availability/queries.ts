import { readPlannedWeekdays } from "../../db/school_settings.ts";
import { weeklyKind } from "../../common/availability_model.ts";
import type { Sql } from "../../db/connection.ts";
import type { AvailabilityListRow } from "../../common/contract/availability_row.ts";
import { type AuditActor, recordAudit } from "../lib/audit.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { containsPattern, listPage, pageSql } from "../lib/list_params.ts";
import type { ListParams, SortColumns } from "../lib/list_params.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { germanDayName } from "../../common/german_words.ts";
import type { ImportLine } from "./csv_rows.ts";

/**
 * The availabilities list shows the rows that say when a person CAN drive or teach: the
 * self-service grid ('available'), instructor working times ('work'), and the student's
 * arrival times and free periods ('arrival', 'free_period'). Breaks, blocks, school hours and
 * preferences restrict or refine those windows, so listing them as "Verfügbarkeiten" would
 * mislead; the per-user call (?user=) answers every type for the detail views.
 */
export const listedTypes = ["available", "work", "arrival", "free_period"];

const sortColumns: SortColumns<string> = {
  full_name: (sql) => sql`u.name_sort`,
  username: (sql) => sql`lower(u.username)`,
  role: (sql) => sql`u.role`,
  day_of_week: (sql) => sql`a.day_of_week`,
  start_time: (sql) => sql`a.start_time`,
  end_time: (sql) => sql`a.end_time`,
  availability_type: (sql) => sql`a.availability_type`,
};

/** A list row as the database gives it, with the columns the per-user call adds. */
interface AvailabilityRow extends Omit<AvailabilityListRow, "day_name"> {
  period: number | null;
  valid_from: string | null;
  valid_until: string | null;
  description: string;
}

const columns = (sql: Sql) =>
  sql`
  a.id::int, a.user_id::int, ${fullNameSql(sql)} as full_name, u.username, u.role,
  a.day_of_week, to_char(a.start_time, 'HH24:MI') as start_time,
  to_char(a.end_time, 'HH24:MI') as end_time, a.availability_type, a.period, a.valid_from,
  a.valid_until, a.description
`;

/** The list's filters; null = no filter. */
export interface AvailabilityFilters {
  role: "instructor" | "student" | null;
  person: number | null;
  day_of_week: number | null;
}

/** One page of the availabilities list, filtered by role, person and weekday. */
export async function listAvailabilities(sql: Sql, params: ListParams & AvailabilityFilters) {
  // The same search as the user lists: name, username or e-mail, anywhere, any case.
  const where = sql`
    where a.availability_type in ${sql(listedTypes)} and a.day_of_week is not null
    ${params.search ? sql`and u.search_text like ${containsPattern(params.search)}` : sql``}
    ${params.role ? sql`and u.role = ${params.role}` : sql``}
    ${params.person ? sql`and u.id = ${params.person}` : sql``}
    ${params.day_of_week ? sql`and a.day_of_week = ${params.day_of_week}` : sql``}
  `;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total
    from availabilities a join users u on u.id = a.user_id ${where}
  `;
  const { sortKey, direction, window } = pageSql(sql, params, sortColumns);
  const rows = await sql<AvailabilityRow[]>`
    select ${columns(sql)}
    from availabilities a join users u on u.id = a.user_id
    ${where}
    order by ${sortKey} ${direction}, u.name_sort, u.id, a.day_of_week, a.start_time, a.id
    ${window}
  `;
  const results = rows.map((row): AvailabilityListRow => ({
    id: row.id,
    user_id: row.user_id,
    full_name: row.full_name,
    username: row.username,
    role: row.role,
    day_of_week: row.day_of_week,
    day_name: germanDayName(row.day_of_week),
    start_time: row.start_time,
    end_time: row.end_time,
    availability_type: row.availability_type,
  }));
  return listPage(results, total, params);
}

async function requireUser(sql: Sql, id: number) {
  const [user] = await sql`select 1 from users where id = ${id}`;
  if (!user) throw notFound("Benutzer");
}

/** Every availability row of one user, all types, for the detail views. */
export async function availabilitiesOfUser(sql: Sql, userId: number) {
  await requireUser(sql, userId);
  const rows = await sql<AvailabilityRow[]>`
    select ${columns(sql)}
    from availabilities a join users u on u.id = a.user_id
    where a.user_id = ${userId}
    order by a.day_of_week nulls first, a.start_time, a.id
  `;
  return rows.map((row) => ({ ...row, day_name: germanDayName(row.day_of_week) }));
}

/** The self-service absences of one user. */
export async function specialDatesOfUser(sql: Sql, userId: number) {
  await requireUser(sql, userId);
  return await sql`
    select id::int, date, end_date, is_unavailable, to_char(start_time, 'HH24:MI') as start_time,
           to_char(end_time, 'HH24:MI') as end_time, description
    from special_dates where user_id = ${userId}
    order by date, start_time nulls first, id
  `;
}

/**
 * Writes the checked import lines as weekly rows (an instructor's 'work', a student's 'available')
 * in one transaction: an unknown user or an
 * administrator fails the whole file with the line named. Lines equal to a stored row (or to an
 * earlier line) are skipped, so importing the same file twice adds nothing.
 *
 * Set-based on purpose: the names and the lines travel as a handful of array parameters (one
 * parameter per name broke at Postgres' 65,535 and made every file size its own prepared
 * statement), and the duplicates are left to the unique index of 'available' rows
 * (migration 0020) through `on conflict do nothing`; two imports at once run one after the other
 * (an advisory lock), since an instructor's 'work' rows have no such index.
 */
export async function importAvailabilities(
  sql: Sql,
  lines: ImportLine[],
  actor: AuditActor | null,
): Promise<number> {
  const names = [...new Set(lines.map((l) => l.username.toLowerCase()))];
  return await sql.begin(async (tx) => {
    // Imports one after another: an instructor's lines are 'work' rows, which no unique index
    // covers (the school may keep one window twice with different validity), so two imports of
    // one file at once both passed the anti-join below and stored each line twice (seen in CI).
    // Held until commit, so the second import's anti-join sees the first one's rows.
    await tx`select pg_advisory_xact_lock(hashtextextended('availability_import', 0))`;
    const users = await tx<{ id: number; name: string; role: string }[]>`
      select id::int, lower(username) as name, role from users
      where lower(username) = any(${names}::text[])
    `;
    const byName = new Map(users.map((u) => [u.name, u]));
    const userIds: number[] = [];
    for (const line of lines) {
      const user = byName.get(line.username.toLowerCase());
      if (!user) {
        throw new AppError(
          400,
          "import_failed",
          `Zeile ${line.line}: Unbekannter Benutzer „${line.username}“.`,
        );
      }
      if (user.role === "admin") {
        throw new AppError(
          400,
          "import_failed",
          `Zeile ${line.line}: „${line.username}“ ist ein Administrator; Verfügbarkeiten gibt es nur für Fahrlehrer und Fahrschüler.`,
        );
      }
      userIds.push(user.id);
    }
    // Grid, forms and planner plan only the school's planned weekdays; the import agrees.
    const planned = await readPlannedWeekdays(tx);
    const offDay = lines.find((l) => !planned.includes(l.day_of_week));
    if (offDay) {
      throw new AppError(
        400,
        "import_failed",
        `Zeile ${offDay.line}: ${
          germanDayName(offDay.day_of_week)
        } ist kein Planungstag der Fahrschule (Planungstage: ${
          planned.map((d) => germanDayName(d)).join(", ")
        }).`,
      );
    }
    // An instructor's weekly time is their working time, a student's her own grid (0012).
    const kinds = lines.map((l) => weeklyKind(byName.get(l.username.toLowerCase())!.role));
    const inserted = await tx<{ user_id: number }[]>`
      insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
      select distinct v.user_id, v.kind, v.day_of_week, v.start_time, v.end_time
      from unnest(${userIds}::bigint[], ${kinds}::text[],
                  ${lines.map((l) => l.day_of_week)}::smallint[],
                  ${lines.map((l) => l.start_time)}::time[], ${
      lines.map((l) => l.end_time)
    }::time[])
        as v(user_id, kind, day_of_week, start_time, end_time)
      -- Stored lines filtered out in one hash anti-join first: three times faster for a
      -- re-imported file than a conflict check per line; the conflict clause then covers races.
      where not exists (
        select 1 from availabilities a
        where a.availability_type = v.kind and a.user_id = v.user_id
          and a.day_of_week = v.day_of_week and a.start_time = v.start_time
          and a.end_time = v.end_time
      )
      on conflict do nothing
      returning user_id::int
    `;
    const changed = [...new Set(inserted.map((r) => r.user_id))];
    if (changed.length) {
      // The self-service screen answers this version as ETag; its cached copy is now stale.
      await tx`update users set availability_version = availability_version + 1
               where id = any(${changed}::bigint[])`;
    }
    await recordAudit(
      tx,
      actor,
      "import.availabilities",
      `CSV-Import: ${inserted.length} Verfügbarkeiten für ${changed.length} Personen importiert`,
      { created: inserted.length, people: changed.length, lines: lines.length },
    );
    return inserted.length;
  });
}
