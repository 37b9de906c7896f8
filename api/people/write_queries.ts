import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { generateCredential, type GeneratedCredential } from "../../common/passwords.ts";
import { atomically, type Tx, type WriteScope } from "../lib/transactions.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import type { InstructorData } from "./instructor_payload.ts";
import type { PersonFields } from "./person_fields.ts";
import { licenceHours } from "../../common/school_rules.ts";
import type { StudentData } from "./student_payload.ts";
import { freeUsername } from "./usernames.ts";

const emailTaken = () =>
  new AppError(409, "email_taken", "Diese E-Mail-Adresse wird bereits verwendet.");

function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: string; constraint_name?: string };
  return e.code === "23505" ? e.constraint_name ?? "" : null;
}

async function checkEmailFree(tx: Tx, email: string | undefined, exceptId: number | null) {
  if (!email) return;
  const [row] = await tx`
    select 1 from users
    where email <> '' and lower(email) = lower(${email}) and id is distinct from ${exceptId}
  `;
  if (row) throw emailTaken();
}

/** Result of a manual create: the only time the generated password is ever shown. */
export interface CreatedUser {
  id: number;
  username: string;
  password: string;
  name: string;
}

/**
 * Creates a user with a generated username and password, then lets `fill` write the role's rows,
 * all in one transaction. A username taken by a parallel create is retried with the next number.
 * An import hands in credentials it hashed before opening its transaction.
 */
async function createUser(
  scope: WriteScope,
  role: "instructor" | "student",
  person: PersonFields,
  fill: (tx: Tx, id: number) => Promise<void>,
  credential?: GeneratedCredential,
): Promise<CreatedUser> {
  const { password, hash } = credential ?? await generateCredential();
  const first = person.first_name ?? "";
  const last = person.last_name ?? "";
  for (let attempt = 0;; attempt++) {
    try {
      return await atomically(scope, async (tx) => {
        await checkEmailFree(tx, person.email, null);
        const username = await freeUsername(tx, first, last);
        const [{ id }] = await tx<{ id: number }[]>`
          insert into users (username, role, password_hash, first_name, last_name, email, phone)
          values (${username}, ${role}, ${hash}, ${first}, ${last}, ${person.email ?? ""},
                  ${person.phone ?? ""})
          returning id::int
        `;
        await fill(tx, id);
        return { id, username, password, name: `${first} ${last}`.trim() || username };
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === "users_email_unique") throw emailTaken();
      if (constraint === "users_username_unique" && attempt < 3) continue;
      throw err;
    }
  }
}

/** Creates an instructor with profile and weekly rows. */
export function createInstructor(
  scope: WriteScope,
  data: InstructorData,
  credential?: GeneratedCredential,
): Promise<CreatedUser> {
  return createUser(scope, "instructor", data.person, async (tx, id) => {
    await tx`
      insert into instructor_profiles (user_id, transmission_types, monthly_hours_target)
      values (${id}, ${data.transmission_types ?? []}, ${data.monthly_hours_target ?? 0})
    `;
    if (data.default_vehicle_id != null) await setDefaultVehicle(tx, id, data.default_vehicle_id);
    await replaceInstructorRows(tx, id, data);
  }, credential);
}

/**
 * Sets (or with null clears) an instructor's default vehicle (issue 22); an unknown vehicle is a
 * German 400, not a foreign-key error.
 */
async function setDefaultVehicle(tx: Tx, id: number, vehicle: number | null) {
  if (vehicle !== null) {
    const [found] = await tx`select 1 from vehicles where id = ${vehicle}`;
    if (!found) throw invalid(`Standardfahrzeug: Fahrzeug ${vehicle} gibt es nicht.`);
  }
  await tx`update instructor_profiles set default_vehicle_id = ${vehicle} where user_id = ${id}`;
}

/** Creates a student with profile (required hours from the licence class) and weekly rows. */
export function createStudent(
  scope: WriteScope,
  data: StudentData,
  credential?: GeneratedCredential,
): Promise<CreatedUser> {
  return createUser(scope, "student", data.person, async (tx, id) => {
    const p = data.profile;
    const hours = licenceHours[p.license_class!];
    await tx`
      insert into student_profiles (user_id, license_class, required_automatic_hours,
        required_manual_hours, school_name, start_location, notes, available_in_holidays)
      values (${id}, ${p.license_class!}, ${hours.automatic}, ${hours.manual},
        ${p.school_name ?? ""}, ${p.start_location ?? ""}, ${p.notes ?? ""},
        ${p.available_in_holidays ?? true})
    `;
    await replaceStudentRows(tx, id, data);
  }, credential);
}

/** Locks the user for the update and answers its role; 404 when unknown. */
async function lockUser(tx: Tx, id: number): Promise<string> {
  const [row] = await tx<{ role: string }[]>`select role from users where id = ${id} for update`;
  if (!row) throw notFound("Benutzer");
  return row.role;
}

/** The keys a save sends; undefined ones keep their stored value. */
function definedKeys<T extends object>(values: T): (keyof T)[] {
  return (Object.keys(values) as (keyof T)[]).filter((k) => values[k] !== undefined);
}

/**
 * One save of a person's detail: locks the user, writes the personal fields, then the role's own
 * parts in the same transaction.
 */
/** `loadedVersion`: the detail's version the save is based on (none: no check). */
interface SaveOptions {
  loadedVersion?: number | null;
}

async function savePerson(
  scope: WriteScope,
  id: number,
  person: PersonFields,
  saveRole: (tx: Tx) => Promise<void>,
  loadedVersion?: number | null,
) {
  await withEmailCheck(() =>
    atomically(scope, async (tx) => {
      await lockUser(tx, id);
      const [{ version }] = await tx<{ version: number }[]>`
        update users set version = version + 1 where id = ${id} returning version - 1 as version
      `;
      if (loadedVersion && loadedVersion !== version) {
        throw new AppError(
          409,
          "version_conflict",
          "Diese Person wurde inzwischen von jemand anderem geändert. Bitte laden Sie die " +
            "Daten neu und geben Sie Ihre Änderungen noch einmal ein.",
        );
      }
      await checkEmailFree(tx, person.email, id);
      const keys = definedKeys(person);
      if (keys.length) await tx`update users set ${tx(person, keys)} where id = ${id}`;
      await saveRole(tx);
    })
  );
}

/** Writes a save of the instructor detail; only the parts sent are replaced. */
export async function updateInstructor(
  scope: WriteScope,
  id: number,
  data: InstructorData,
  options: SaveOptions = {},
) {
  await savePerson(scope, id, data.person, async (tx) => {
    await tx`insert into instructor_profiles (user_id) values (${id}) on conflict do nothing`;
    if (data.transmission_types) {
      await tx`update instructor_profiles set transmission_types = ${data.transmission_types}
                 where user_id = ${id}`;
    }
    if (data.monthly_hours_target !== undefined) {
      await tx`update instructor_profiles set monthly_hours_target = ${data.monthly_hours_target}
                 where user_id = ${id}`;
    }
    if (data.default_vehicle_id !== undefined) {
      await setDefaultVehicle(tx, id, data.default_vehicle_id);
    }
    await replaceInstructorRows(tx, id, data);
  }, options.loadedVersion);
}

/** Writes a save of the student detail; a new licence class also sets its required hours. */
export async function updateStudent(
  scope: WriteScope,
  id: number,
  data: StudentData,
  options: SaveOptions = {},
) {
  await savePerson(scope, id, data.person, async (tx) => {
    const [current] = await tx<{ license_class: string }[]>`
        select license_class from student_profiles where user_id = ${id}
      `;
    const p = data.profile;
    const licence = p.license_class ?? current?.license_class ?? "B";
    if (!current) {
      const hours = licenceHours[licence as keyof typeof licenceHours];
      await tx`insert into student_profiles (user_id, license_class, required_automatic_hours,
                   required_manual_hours)
                 values (${id}, ${licence}, ${hours.automatic}, ${hours.manual})`;
    } else if (p.license_class && p.license_class !== current.license_class) {
      const hours = licenceHours[p.license_class];
      await tx`update student_profiles set license_class = ${p.license_class},
                   required_automatic_hours = ${hours.automatic},
                   required_manual_hours = ${hours.manual}
                 where user_id = ${id}`;
    }
    const rest = { ...p };
    delete rest.license_class;
    // The exam is a local school time: turned into an instant in SQL, not by the session's zone.
    const exam = rest.exam_at;
    delete rest.exam_at;
    const keys = definedKeys(rest);
    if (keys.length) {
      await tx`update student_profiles set ${tx(rest, keys)} where user_id = ${id}`;
    }
    if (exam !== undefined) {
      await tx`update student_profiles
                  set exam_at = ${exam}::timestamp at time zone ${SCHOOL_TIME_ZONE}
                where user_id = ${id}`;
    }
    await replaceStudentRows(tx, id, data);
  }, options.loadedVersion);
}

async function withEmailCheck(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (err) {
    if (uniqueViolation(err) === "users_email_unique") throw emailTaken();
    throw err;
  }
}

interface WeeklyInsert {
  availability_type: string;
  day_of_week: number | null;
  start: string;
  end: string;
  period?: number | null;
  valid_from?: string | null;
  valid_until?: string | null;
  description?: string;
}

/** Replaces the user's availability rows of `types` by `rows` and bumps the self-service ETag. */
async function replaceWeekly(tx: Tx, id: number, types: string[], rows: WeeklyInsert[]) {
  if (types.length) {
    await tx`delete from availabilities where user_id = ${id} and availability_type in ${
      tx(types)
    }`;
  }
  if (rows.length) {
    const values = rows.map((r) => ({
      user_id: id,
      availability_type: r.availability_type,
      day_of_week: r.day_of_week,
      start_time: r.start,
      end_time: r.end,
      period: r.period ?? null,
      valid_from: r.valid_from ?? null,
      valid_until: r.valid_until ?? null,
      description: r.description ?? "",
    }));
    await tx`insert into availabilities ${tx(values)}`;
  }
  await tx`update users set availability_version = availability_version + 1 where id = ${id}`;
}

async function replaceVacations(tx: Tx, id: number, rows: { start: string; end: string }[]) {
  // Sick notes (kind 'sick') are not part of the form and stay as they are.
  await tx`delete from vacation_periods where user_id = ${id} and kind = 'vacation'`;
  if (rows.length) {
    const values = rows.map((r) => ({ user_id: id, start_date: r.start, end_date: r.end }));
    await tx`insert into vacation_periods ${tx(values)}`;
  }
}

async function replaceInstructorRows(tx: Tx, id: number, data: InstructorData) {
  // One replacement (and one version bump) per list the payload carries, as the screen saves them.
  const weekly = [["work", data.work], ["break", data.breaks], [
    "unavailable",
    data.blocks,
  ]] as const;
  for (const [type, rows] of weekly) {
    if (rows && type === "work") {
      // Only the days the payload replaces: those it names in work_days (the form's changed days),
      // else Monday to Friday and the days it has rows for; others stay (docs/decisions/0012).
      const days = data.workDays ??
        [...new Set([1, 2, 3, 4, 5, ...rows.map((r) => r.day_of_week!)])];
      await tx`delete from availabilities
                where user_id = ${id} and availability_type = 'work' and day_of_week in ${
        tx(days)
      }`;
      await replaceWeekly(tx, id, [], rows.map((r) => ({ ...r, availability_type: type })));
    } else if (rows) {
      await replaceWeekly(tx, id, [type], rows.map((r) => ({ ...r, availability_type: type })));
    }
  }
  if (data.vacations) await replaceVacations(tx, id, data.vacations);
  if (data.theory) {
    await tx`delete from theory_sessions where instructor_id = ${id}`;
    if (data.theory.length) {
      const values = data.theory.map((r) => ({
        instructor_id: id,
        date: r.date,
        start_time: r.start,
        end_time: r.end,
      }));
      await tx`insert into theory_sessions ${tx(values)}`;
    }
  }
}

async function replaceStudentRows(tx: Tx, id: number, data: StudentData) {
  if (data.weekly) {
    // As for working times: school times on days the form does not show stay as they are.
    const days = [...new Set([1, 2, 3, 4, 5, ...data.weekly.map((r) => r.day_of_week!)])];
    await tx`delete from availabilities
              where user_id = ${id} and availability_type in ('school', 'arrival', 'free_period')
                and day_of_week in ${tx(days)}`;
    await replaceWeekly(tx, id, [], data.weekly);
  }
  if (data.vacations) await replaceVacations(tx, id, data.vacations);
}

/** Deletes an instructor or student with all their rows; administrators are refused. */
export async function deleteUser(scope: WriteScope, id: number): Promise<"instructor" | "student"> {
  return await atomically(scope, async (tx) => {
    const role = await lockUser(tx, id);
    if (role === "admin") {
      throw new AppError(
        403,
        "admin_protected",
        "Administratorkonten können hier nicht gelöscht werden.",
      );
    }
    await tx`delete from users where id = ${id}`;
    return role as "instructor" | "student";
  });
}
