/**
 * deno run -A scripts/seed_people.ts [--instructors 100] [--students 2000] [--seed 42]
 *
 * Fills the database (DATABASE_URL, the running or a fresh embedded one) with made-up instructors
 * and students: profiles, weekly data, vacations and appointments around this month. The same
 * seed always gives the same people. For developers and the users bench; every seeded user gets
 * the printed password.
 */
import { parseArgs } from "node:util";
import { hashPassword } from "../common/passwords.ts";
import { connect, type Sql } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
// The planner generator's seeded PRNG, so a seed reproduces the same data set.
import { random } from "../solver/testing/generate.ts";
import { licenceHours, startLocations } from "../common/school_rules.ts";
import { baseUsername } from "../common/usernames.ts";
import { addDays, isoWeekday, SCHOOL_TIME_ZONE } from "../common/time.ts";

/** The password every seeded person gets. */
export const seedPassword = "fahrplan-entwicklung";

// Names with umlauts, accents and shared beginnings ("Mar…"), so search and sort get real work.
const firstNames = (
  "Anna Ben Clara David Emma Felix Greta Hannes Ida Jonas Lena Maria Marie Markus Martin " +
  "Marlene Moritz Nora Özlem Paul Ronja Simon Sören Tilda Uwe Vera Yusuf Zoë Jürgen Mara"
).split(" ");
const lastNames = (
  "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch " +
  "Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hartmann Lange " +
  "Werner Krause Marx Köhler Yılmaz Groß"
).split(" ");
const schools = ["Helmholtz-Gymnasium", "Gesamtschule Barop", "Käthe-Kollwitz-Gymnasium", ""];

export interface SeedOptions {
  instructors: number;
  students: number;
  seed?: number;
  /** An argon2 hash to reuse (hashing is slow on purpose); made from seedPassword if absent. */
  passwordHash?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Inserts the people; answers the ids created. Existing users are left alone. */
export async function seedPeople(sql: Sql, options: SeedOptions) {
  const rand = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const hash = options.passwordHash ?? await hashPassword(seedPassword);
  const taken = new Set(
    (await sql<{ name: string }[]>`select lower(username) as name from users`).map((r) => r.name),
  );
  const person = (role: "instructor" | "student") => {
    const first = pick(firstNames);
    const last = pick(lastNames);
    const base = baseUsername(first, last);
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
    taken.add(username);
    const email = rand() < 0.9 ? `${username}@example.de` : "";
    const phone = `0231 ${Math.floor(100000 + rand() * 899999)}`;
    return {
      username,
      role,
      first_name: first,
      last_name: last,
      email,
      phone,
      password_hash: hash,
    };
  };
  const insertUsers = async (tx: Sql, rows: ReturnType<typeof person>[]) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const out = await tx<{ id: number }[]>`insert into users ${tx(chunk)} returning id::int`;
      ids.push(...out.map((r) => r.id));
    }
    return ids;
  };

  return await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    const instructorIds = await insertUsers(
      tx,
      Array.from({ length: options.instructors }, () => person("instructor")),
    );
    const studentIds = await insertUsers(
      tx,
      Array.from({ length: options.students }, () => person("student")),
    );
    await tx`insert into instructor_profiles ${
      tx(instructorIds.map((id) => ({
        user_id: id,
        transmission_types: rand() < 0.3
          ? ["automatic", "manual"]
          : [pick(["automatic", "manual"])],
        monthly_hours_target: rand() < 0.1 ? 0 : 80 + Math.floor(rand() * 9) * 10,
      })))
    }`;
    const profiles = studentIds.map((id) => {
      const licence = pick(["B", "B", "B78", "B197"] as const);
      const hours = licenceHours[licence];
      return {
        user_id: id,
        license_class: licence,
        required_automatic_hours: hours.automatic,
        required_manual_hours: hours.manual,
        completed_automatic_hours: Math.floor(rand() * (hours.automatic + 1)),
        completed_manual_hours: Math.floor(rand() * (hours.manual + 1)),
        school_name: pick(schools),
        start_location: pick(startLocations),
        available_in_holidays: rand() < 0.7,
      };
    });
    for (let i = 0; i < profiles.length; i += 1000) {
      await tx`insert into student_profiles ${tx(profiles.slice(i, i + 1000))}`;
    }

    const weekly: Record<string, unknown>[] = [];
    const row = (user: number, type: string, day: number | null, start: string, end: string) => ({
      user_id: user,
      availability_type: type,
      day_of_week: day,
      start_time: start,
      end_time: end,
      period: null as number | null,
    });
    for (const id of instructorIds) {
      const start = 7 + Math.floor(rand() * 3);
      for (let day = 1; day <= 5; day++) {
        weekly.push(row(id, "work", day, `${pad(start)}:00`, `${pad(start + 9)}:00`));
      }
      weekly.push(row(id, "break", null, "12:00", "12:30"));
    }
    for (const id of studentIds) {
      for (let day = 1; day <= 5; day++) {
        const end = pick(["13:00", "13:30", "15:15"]);
        weekly.push(row(id, "school", day, "08:00", end));
        weekly.push(row(id, "arrival", day, end === "15:15" ? "16:00" : "14:00", "20:00"));
        if (rand() < 0.2) {
          weekly.push({ ...row(id, "free_period", day, "09:45", "10:30"), period: 1 });
        }
      }
    }
    for (let i = 0; i < weekly.length; i += 2000) {
      await tx`insert into availabilities ${tx(weekly.slice(i, i + 2000))}`;
    }
    const vacations = studentIds.filter(() => rand() < 0.2).map((id) => ({
      user_id: id,
      start_date: "2026-10-12",
      end_date: "2026-10-24",
    }));
    if (vacations.length) await tx`insert into vacation_periods ${tx(vacations)}`;

    // Lessons on the school's clock from the 1st of this month for six weeks, weekdays 14-19 h.
    // A student is never booked twice at one hour; instructors have one lesson per hour.
    const [{ first }] = await tx<{ first: string }[]>`
      select to_char(date_trunc('month', now() at time zone ${SCHOOL_TIME_ZONE}), 'YYYY-MM-DD') as first
    `;
    const lessons: Record<string, unknown>[] = [];
    const busy = new Set<string>();
    for (let offset = 0; offset < 42; offset++) {
      const iso = addDays(first, offset);
      if (isoWeekday(iso) > 5) continue;
      for (const instructor of instructorIds) {
        for (let hour = 14; hour < 19; hour++) {
          if (rand() > 0.35 || !studentIds.length) continue;
          const student = pick(studentIds);
          const key = `${student}|${iso}|${hour}`;
          if (busy.has(key)) continue;
          busy.add(key);
          lessons.push({
            student_id: student,
            instructor_id: instructor,
            transmission: rand() < 0.5 ? "manual" : "automatic",
            day: iso,
            start_time: `${pad(hour)}:00`,
            status: rand() < 0.05 ? "cancelled" : "confirmed",
          });
        }
      }
    }
    for (let i = 0; i < lessons.length; i += 5000) {
      await tx`
        insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
        select l.student_id, l.instructor_id, l.transmission,
               (l.day + l.start_time) at time zone ${SCHOOL_TIME_ZONE},
               (l.day + l.start_time + interval '1 hour') at time zone ${SCHOOL_TIME_ZONE}, l.status
        from jsonb_to_recordset(${tx.json(lessons.slice(i, i + 5000) as never)}) as l(
          student_id bigint, instructor_id bigint, transmission text, day date, start_time time,
          status text)
      `;
    }
    return { instructorIds, studentIds, appointments: lessons.length };
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      instructors: { type: "string", default: "20" },
      students: { type: "string", default: "200" },
      seed: { type: "string", default: "42" },
    },
  });
  const { withDatabase } = await import("./database_url.ts");
  await withDatabase(async (url) => {
    const sql = connect(url, { max: 1 });
    try {
      await migrate(sql);
      const result = await seedPeople(sql, {
        instructors: Number(values.instructors),
        students: Number(values.students),
        seed: Number(values.seed),
      });
      console.log(
        `${result.instructorIds.length} Fahrlehrer, ${result.studentIds.length} Fahrschüler und ` +
          `${result.appointments} Termine angelegt. Passwort für alle: ${seedPassword}`,
      );
    } finally {
      await sql.end();
    }
  });
}
