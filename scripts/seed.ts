/**
 * deno task seed --instance <file.json> [--reset]: loads a planner instance
 * (docs/planner-format.md) into the database as instructors, students, vehicles and fixed
 * appointments, re-dated so the instance's first day becomes tomorrow or later (shifted by whole
 * weeks, so weekdays stay aligned).
 * For development and tests: every seeded user gets the same printed password.
 */
import { parseArgs } from "node:util";
import { hashPassword } from "../common/passwords.ts";
import { connect, type Sql } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { type Instance, InstanceError, parseInstance } from "../solver/instance.ts";
import { withDatabase } from "./database_url.ts";
import { addDays, daysBetween, SCHOOL_TIME_ZONE } from "../common/time.ts";

/** The password every seeded user gets. */
export const SEED_PASSWORD = "fahrplan-entwicklung";

const firstNames = [
  "Anna",
  "Ben",
  "Clara",
  "David",
  "Emma",
  "Felix",
  "Greta",
  "Hannes",
  "Ida",
  "Jonas",
  "Lena",
  "Moritz",
  "Nora",
  "Paul",
  "Ronja",
  "Simon",
  "Tilda",
  "Uwe",
  "Vera",
  "Yusuf",
];
const lastNames = [
  "Schmidt",
  "Müller",
  "Weber",
  "Fischer",
  "Becker",
  "Hoffmann",
  "Schulz",
  "Koch",
  "Richter",
  "Wolf",
  "Klein",
  "Neumann",
  "Zimmermann",
  "Krüger",
  "Hartmann",
  "Lange",
  "Werner",
  "Krause",
  "Meier",
  "Lehmann",
  "Kaya",
  "Yılmaz",
  "Nowak",
];

/** Whole weeks to add so the instance starts on tomorrow's weekday, tomorrow or later. */
export function weekShift(instanceStart: string, tomorrow: string): number {
  return Math.ceil(daysBetween(instanceStart, tomorrow) / 7) * 7;
}

/** Hour starts inside a weekly window (14:30-20:00 holds 15..19). */
function wholeHours(start: string, end: string): number[] {
  const from = Math.ceil((Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5))) / 60);
  const to = Math.floor((Number(end.slice(0, 2)) * 60 + Number(end.slice(3, 5))) / 60);
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

const clock = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** Seeds one instance; returns counts for the summary. */
export async function seedInstance(
  sql: Sql,
  instance: Instance,
  options: { reset: boolean; password?: string },
) {
  const hash = await hashPassword(options.password ?? SEED_PASSWORD);
  return await sql.begin(async (tx) => {
    if (options.reset) {
      await tx`delete from appointments`;
      await tx`delete from planner_jobs`;
      await tx`delete from users where role in ('instructor', 'student')`;
      await tx`delete from vehicles`;
    }
    const [{ tomorrow }] = await tx`
      select ((now() at time zone ${SCHOOL_TIME_ZONE})::date + 1)::text as tomorrow
    `;
    const shift = weekShift(instance.start, tomorrow);
    const date = (d: string) => addDays(d, shift);
    const ids = new Map<string, number>();
    const vehicleIds = new Map<string, number>();

    const user = async (username: string, role: string, k: number) => {
      const first = firstNames[k % firstNames.length];
      const last = lastNames[(k * 7 + Math.floor(k / firstNames.length)) % lastNames.length];
      const [row] = await tx`
        insert into users (username, role, password_hash, first_name, last_name)
        values (${username}, ${role}, ${hash}, ${first}, ${last})
        returning id::int
      `;
      return row.id as number;
    };
    const weeklyRow = (
      userId: number,
      type: string,
      day: number | null,
      start: string,
      end: string,
      extra: { validFrom?: string | null; validUntil?: string | null } = {},
    ) =>
      tx`
        insert into availabilities
          (user_id, availability_type, day_of_week, start_time, end_time, valid_from, valid_until)
        values (${userId}, ${type}, ${day}, ${start}, ${end},
                ${extra.validFrom ? date(extra.validFrom) : null},
                ${extra.validUntil ? date(extra.validUntil) : null})
      `;
    const vacation = (userId: number, from: string, to: string) =>
      tx`insert into vacation_periods (user_id, start_date, end_date)
         values (${userId}, ${date(from)}, ${date(to)})`;

    for (const [k, inst] of instance.instructors.entries()) {
      const id = await user(`i${String(k + 1).padStart(2, "0")}`, "instructor", k);
      ids.set(inst.id, id);
      await tx`
        insert into instructor_profiles (user_id, transmission_types, monthly_hours_target)
        values (${id}, ${inst.transmissions}, ${Math.round(inst.monthlyHoursTarget ?? 0)})
      `;
      for (const w of inst.work) await weeklyRow(id, "work", w.day, w.start, w.end);
      for (const b of inst.breaks ?? []) await weeklyRow(id, "break", null, b.start, b.end);
      for (const a of inst.absences ?? []) await vacation(id, a.from, a.to);
      for (const b of inst.blocks ?? []) {
        await tx`insert into theory_sessions (instructor_id, date, start_time, end_time)
                 values (${id}, ${date(b.date)}, ${b.start}, ${b.end})`;
      }
      for (const b of inst.weeklyBlocks ?? []) {
        await weeklyRow(id, "unavailable", b.day, b.start, b.end, b);
      }
    }

    for (const [k, st] of instance.students.entries()) {
      const id = await user(`s${String(k + 1).padStart(3, "0")}`, "student", k + 5);
      ids.set(st.id, id);
      const preferred = st.preferredInstructor ? ids.get(st.preferredInstructor) ?? null : null;
      await tx`
        insert into student_profiles (user_id, license_class, required_manual_hours,
                                      required_automatic_hours, preferred_instructor_id)
        values (${id}, ${st.licenseClass}, ${st.needs.manual}, ${st.needs.automatic}, ${preferred})
      `;
      for (const w of st.available) {
        for (const hour of wholeHours(w.start, w.end)) {
          await weeklyRow(id, "available", w.day, clock(hour), clock(hour + 1));
        }
      }
      for (const w of st.preferred ?? []) await weeklyRow(id, "preferred", w.day, w.start, w.end);
      for (const a of st.absences ?? []) await vacation(id, a.from, a.to);
      for (const b of st.blocks ?? []) {
        await tx`insert into special_dates (user_id, date, is_unavailable, start_time, end_time,
                                            description)
                 values (${id}, ${date(b.date)}, false, ${b.start}, ${b.end}, 'Termin')`;
      }
    }

    for (const v of instance.vehicles) {
      const [row] = await tx`
        insert into vehicles (name, transmission) values (${v.id}, ${v.transmission})
        returning id::int
      `;
      vehicleIds.set(v.id, row.id);
    }

    for (const f of instance.fixed) {
      const wall = `${date(f.start.slice(0, 10))}T${f.start.slice(11)}`;
      await tx`
        insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                                  ends_at, status)
        values (${ids.get(f.student)!}, ${ids.get(f.instructor)!},
                ${f.vehicle ? vehicleIds.get(f.vehicle) ?? null : null}, ${f.transmission},
                ${wall}::timestamp at time zone ${SCHOOL_TIME_ZONE},
                (${wall}::timestamp + interval '1 hour') at time zone ${SCHOOL_TIME_ZONE}, 'confirmed')
      `;
    }
    return {
      instructors: instance.instructors.length,
      students: instance.students.length,
      vehicles: instance.vehicles.length,
      fixed: instance.fixed.length,
      start: date(instance.start),
      shiftDays: shift,
    };
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { instance: { type: "string" }, reset: { type: "boolean" } },
  });
  if (!values.instance) {
    console.error("Aufruf: deno task seed --instance <datei.json> [--reset]");
    Deno.exit(2);
  }
  let instance: Instance;
  try {
    instance = parseInstance(JSON.parse(await Deno.readTextFile(values.instance)));
  } catch (err) {
    const why = err instanceof InstanceError || err instanceof SyntaxError
      ? err.message
      : `Datei nicht lesbar (${(err as Error).message})`;
    console.error(`${values.instance}: ${why}`);
    Deno.exit(2);
  }
  try {
    await withDatabase(async (url) => {
      const sql = connect(url, { max: 1 });
      try {
        await migrate(sql);
        const n = await seedInstance(sql, instance, { reset: values.reset ?? false });
        console.log(
          `${n.instructors} Fahrlehrer (i01 …), ${n.students} Fahrschüler (s001 …), ` +
            `${n.vehicles} Fahrzeuge, ${n.fixed} feste Termine angelegt; Beginn ${n.start} ` +
            `(um ${n.shiftDays} Tage verschoben).`,
        );
        console.log(
          `Gemeinsames Entwicklungs-Passwort aller angelegten Benutzer: ${SEED_PASSWORD}`,
        );
      } finally {
        await sql.end({ timeout: 5 });
      }
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    console.error(
      code === "23505"
        ? "Benutzernamen oder Fahrzeuge gibt es schon. Mit --reset werden vorhandene Fahrlehrer, " +
          "Fahrschüler, Fahrzeuge und Termine vorher gelöscht."
        : `Anlegen fehlgeschlagen: ${(err as Error).message}`,
    );
    Deno.exit(1);
  }
}
