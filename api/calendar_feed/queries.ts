import type { Db, Sql } from "../../db/connection.ts";
import { appointmentTypeLabel, transmissionLabel } from "../../common/german_words.ts";
import { randomToken } from "../auth/tokens.ts";
import { fullNameSql } from "../lib/person_name.ts";
import type { FeedLesson } from "./feed_ics.ts";

/** The person's subscription token, made (256 random bits) on the first call. */
export async function feedToken(sql: Db, userId: number): Promise<string> {
  // Two first calls at once both insert; the loser reads the winner's token.
  await sql`
    insert into calendar_feeds (user_id, token) values (${userId}, ${randomToken()})
    on conflict (user_id) do nothing
  `;
  const [row] = await sql<{ token: string }[]>`
    select token from calendar_feeds where user_id = ${userId}
  `;
  return row.token;
}

/** A new token for the person; the old address stops working with this statement. */
export async function renewFeedToken(sql: Db, userId: number): Promise<string> {
  const token = randomToken();
  await sql`
    insert into calendar_feeds (user_id, token) values (${userId}, ${token})
    on conflict (user_id) do update set token = excluded.token, created_at = now()
  `;
  return token;
}

/** Whose feed a token opens: an active instructor or student, else nobody. */
export async function feedOwner(
  sql: Sql,
  token: string,
): Promise<{ id: number; role: "instructor" | "student"; name: string } | undefined> {
  const [row] = await sql<{ id: number; role: "instructor" | "student"; name: string }[]>`
    select u.id::int, u.role, ${fullNameSql(sql)} as name
      from calendar_feeds f join users u on u.id = f.user_id
     where f.token = ${token} and u.is_active and u.role in ('instructor', 'student')
  `;
  return row;
}

/** How far back the feed reaches: older lessons are history no phone needs to sync. */
const pastDays = 90;

/**
 * The person's lessons (as instructor or as student), cancelled ones included; a planner draft
 * (pending) only once it is published.
 */
export async function feedLessons(
  sql: Sql,
  owner: { id: number; role: "instructor" | "student" },
): Promise<FeedLesson[]> {
  const instant = (column: string) =>
    sql`to_char(${sql.unsafe(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  const utc = (column: string) =>
    sql`to_char(${sql.unsafe(column)} at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')`;
  const mine = owner.role === "instructor"
    ? sql`a.instructor_id = ${owner.id}`
    : sql`a.student_id = ${owner.id}`;
  const rows = await sql`
    select a.id::int, ${instant("a.starts_at")} as start, ${instant("a.ends_at")} as end,
           ${utc("a.created_at")} as created, ${utc("a.updated_at")} as modified,
           a.sequence, a.status, a.appointment_type, a.title, a.transmission, a.cancel_reason,
           ${fullNameSql(sql, "s")} as student_name, ${fullNameSql(sql, "i")} as instructor_name,
           coalesce(sp.start_location, '') as start_location, v.name as vehicle
      from appointments a
      join users s on s.id = a.student_id
      join users i on i.id = a.instructor_id
      left join student_profiles sp on sp.user_id = a.student_id
      left join vehicles v on v.id = a.vehicle_id
     where ${mine} and a.status <> 'pending'
       and a.ends_at > now() - make_interval(days => ${pastDays})
     order by a.starts_at, a.id
  `;
  return rows.map((r) => {
    const type = appointmentTypeLabel(r.appointment_type);
    const other = owner.role === "instructor" ? r.student_name : r.instructor_name;
    const details = [
      owner.role === "instructor"
        ? `Fahrschüler: ${r.student_name}`
        : `Fahrlehrer: ${r.instructor_name}`,
      `Getriebe: ${transmissionLabel(r.transmission)}`,
      r.vehicle ? `Fahrzeug: ${r.vehicle}` : "",
      r.title && r.title !== type ? `Hinweis: ${r.title}` : "",
      r.status === "cancelled" && r.cancel_reason ? `Storniert: ${r.cancel_reason}` : "",
    ].filter(Boolean);
    return {
      id: r.id,
      start: r.start,
      end: r.end,
      created: r.created,
      modified: r.modified,
      sequence: r.sequence,
      status: r.status,
      summary: `${type} mit ${other}`,
      description: details.join("\n"),
      // Where the student is picked up (the student's start location).
      location: r.start_location,
    };
  });
}
