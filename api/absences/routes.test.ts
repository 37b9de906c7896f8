/**
 * Absences and the lessons they hit, on real Postgres: the affected_appointments view counts
 * exactly the future, non-cancelled appointments inside an absence of their student or instructor
 * (range edges, part-day absences), and the admin's sick note is stored and audit-logged.
 */
import { affectedAppointmentsSchema } from "../../common/contract/affected.ts";
import { addDays, SCHOOL_TIME_ZONE, schoolDay } from "../../common/time.ts";
import { germanDate } from "../../common/german_words.ts";
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("absences");
Deno.test.afterAll?.(() => t.close());

await insertUser(t.sql, {
  username: "chef",
  role: "admin",
  first_name: "Clara",
  last_name: "Chef",
});
const admin = t.client();
await admin.login("chef");
const ines = await insertUser(t.sql, {
  username: "ines",
  role: "instructor",
  first_name: "Ines",
  last_name: "Lehrer",
});
const otto = await insertUser(t.sql, {
  username: "otto",
  role: "instructor",
  first_name: "Otto",
  last_name: "Lehrer",
});
const sara = await insertUser(t.sql, {
  username: "sara",
  role: "student",
  first_name: "Sara",
  last_name: "Schüler",
});
const tim = await insertUser(t.sql, {
  username: "tim",
  role: "student",
  first_name: "Tim",
  last_name: "Schüler",
});

const today = schoolDay();
const d = addDays(today, 5);

/** Inserts a one-hour lesson at school wall-clock `day` `hour`:00 and returns its id. */
async function lesson(
  student: number,
  instructor: number,
  day: string,
  hour: number,
  status = "confirmed",
): Promise<number> {
  const wall = `${day} ${String(hour).padStart(2, "0")}:00`;
  const [row] = await t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
    values (${student}, ${instructor}, 'manual',
            ${wall}::timestamp at time zone ${SCHOOL_TIME_ZONE},
            (${wall}::timestamp + interval '1 hour') at time zone ${SCHOOL_TIME_ZONE}, ${status})
    returning id::int
  `;
  return row.id;
}

async function affectedIds(): Promise<number[]> {
  const res = await admin.get("/api/admin/affected-appointments/");
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(affectedAppointmentsSchema, body);
  assertEquals(body.count, body.appointments.length);
  return body.appointments.map((a: { id: number }) => a.id).sort((a: number, b: number) => a - b);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

Deno.test("a sick note marks exactly the lessons inside it, is audit-logged and can be removed", async () => {
  // Ines is sick on d and d+1 (whole days, inclusive).
  const first = await lesson(sara, ines, d, 8);
  const last = await lesson(tim, ines, addDays(d, 1), 19);
  const lateEvening = await lesson(sara, ines, addDays(d, 1), 23); // 23:00-24:00 still inside
  await lesson(sara, ines, addDays(d, -1), 23); // ends at midnight when the sick note starts
  await lesson(tim, ines, addDays(d, 2), 0); // starts at midnight when it has ended
  await lesson(tim, ines, d, 10, "cancelled"); // cancelled: not affected
  await lesson(sara, otto, d, 12); // another instructor, student not absent

  const res = await admin.post(`/api/admin/instructors/${ines}/sick-note/`, {
    from: d,
    to: addDays(d, 1),
    note: "Grippe",
  });
  assertEquals(res.status, 201);
  const body = await res.json();
  assertEquals(body.affected, 3);
  assertEquals(body.message, "Krankmeldung gespeichert. 3 Termine sind betroffen.");
  assertEquals(await affectedIds(), sorted([first, last, lateEvening]));

  const list = await (await admin.get("/api/admin/affected-appointments/")).json();
  const one = list.appointments.find((a: { id: number }) => a.id === first);
  assertEquals(one.student_name, "Sara Schüler");
  assertEquals(one.instructor_name, "Ines Lehrer");
  assertEquals(one.start, `${d}T08:00`);
  const [y, m, dd] = d.split("-");
  const [y2, m2, d2] = addDays(d, 1).split("-");
  assertEquals(one.absences, [{
    role: "instructor",
    person_name: "Ines Lehrer",
    kind: "sick",
    label: `Krankmeldung ${dd}.${m}.${y}–${d2}.${m2}.${y2} (Grippe)`,
  }]);

  const [audit] = await t.sql`select * from audit_log where action = 'absence.sick_note'`;
  assertEquals(audit.actor_name, "Clara Chef");
  assertEquals(
    audit.summary,
    `Krankmeldung für Ines Lehrer vom ${dd}.${m}.${y} bis ${d2}.${m2}.${y2} eingetragen (3 Termine betroffen)`,
  );
  assertEquals(audit.details.affected, 3);

  // The instructor form keeps its own vacations and never touches the sick note.
  const notes = await (await admin.get(`/api/admin/instructors/${ines}/sick-notes/`)).json();
  assertEquals(notes.length, 1);
  const detail = await (await admin.get(`/api/admin/users/${ines}/`)).json();
  assertEquals(detail.vacation_periods ?? detail.profile?.vacation_periods ?? [], []);

  // Removing the absence removes the marks: they are computed, not stored.
  const removed = await admin.delete(`/api/admin/sick-notes/${body.id}/`);
  assertEquals(removed.status, 200);
  assertEquals(await affectedIds(), []);
  const [gone] = await t
    .sql`select summary from audit_log where action = 'absence.sick_note_delete'`;
  assert(gone.summary.startsWith("Krankmeldung für Ines Lehrer vom"));
  await t.sql`delete from appointments`;
});

Deno.test("self-service absences mark lessons: whole days, part days at their edges, not the past", async () => {
  const day = addDays(d, 3);
  const before = await lesson(tim, otto, day, 13); // 13-14: ends when the absence starts
  const inside = await lesson(tim, otto, day, 14); // 14-15 inside 14:00-16:00
  const overlapping = await lesson(tim, ines, day, 15); // 15-16 inside
  await lesson(tim, ines, day, 16); // 16-17: starts when the absence ends
  const wholeDay = await lesson(sara, otto, addDays(d, 4), 9);

  const timClient = t.client();
  await timClient.login("tim");
  const write = await timClient.post("/api/my-special-dates/", {
    special_dates: [{ date: day, is_unavailable: false, start_time: "14:00", end_time: "16:00" }],
  });
  assertEquals(write.status, 200);
  const saraClient = t.client();
  await saraClient.login("sara");
  await saraClient.post("/api/my-special-dates/", {
    special_dates: [{ date: addDays(d, 4), is_unavailable: true, description: "Arzt" }],
  });
  assertEquals(await affectedIds(), sorted([inside, overlapping, wholeDay]));
  assert(before > 0);

  // A vacation (the person form's kind) counts as well; lessons already past do not.
  await t.sql`
    insert into vacation_periods (user_id, start_date, end_date)
    values (${otto}, ${addDays(today, -3)}, ${addDays(today, -1)})
  `;
  const [past] = await t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${sara}, ${otto}, 'manual', now() - interval '2 days', now() - interval '2 days' + interval '1 hour')
    returning id::int
  `;
  assert(!(await affectedIds()).includes(past.id));

  const list = await (await admin.get("/api/admin/affected-appointments/")).json();
  const part = list.appointments.find((a: { id: number }) => a.id === inside);
  const [y, m, dd] = day.split("-");
  assertEquals(part.absences[0].label, `Abwesend ${dd}.${m}.${y}, 14:00–16:00`);
  assertEquals(part.absences[0].role, "student");
  await t.sql`delete from appointments`;
  await t.sql`delete from special_dates`;
  await t.sql`delete from vacation_periods`;
});

Deno.test("a sick note with bad dates or for someone who is no instructor is refused in German", async () => {
  const backwards = await admin.post(`/api/admin/instructors/${ines}/sick-note/`, {
    from: addDays(d, 2),
    to: d,
  });
  assertEquals(backwards.status, 400);
  assertEquals(
    (await backwards.json()).error,
    "Das Enddatum darf nicht vor dem Startdatum liegen.",
  );
  const badDate = await admin.post(`/api/admin/instructors/${ines}/sick-note/`, {
    from: "2026-02-30",
    to: d,
  });
  assertEquals(badDate.status, 400);
  assertEquals((await badDate.json()).error, "Bitte geben Sie ein gültiges Datum an (TT.MM.JJJJ).");
  // At most a year, like every absence: ten years is a typing slip, not an illness.
  const tenYears = await admin.post(`/api/admin/instructors/${ines}/sick-note/`, {
    from: d,
    to: addDays(d, 3650),
  });
  assertEquals(tenYears.status, 400);
  assertEquals(
    (await tenYears.json()).error,
    "Eine Abwesenheit darf höchstens ein Jahr lang sein.",
  );
  const student = await admin.post(`/api/admin/instructors/${sara}/sick-note/`, { from: d, to: d });
  assertEquals(student.status, 404);
  const [count] = await t.sql`select count(*)::int as n from vacation_periods`;
  assertEquals(count.n, 0);

  const saraClient = t.client();
  await saraClient.login("sara");
  const notAdmin = await saraClient.post(`/api/admin/instructors/${ines}/sick-note/`, {
    from: d,
    to: d,
  });
  assertEquals(notAdmin.status, 403);
});

Deno.test("re-planning without affected lessons is refused", async () => {
  const res = await admin.post("/api/admin/replan-affected/");
  assertEquals(res.status, 409);
  assertEquals((await res.json()).error, "Es gibt keine betroffenen Termine.");
});

Deno.test("a part-day absence over several days marks the lessons in its hours on each day", async () => {
  await t.sql`delete from appointments`;
  await t.sql`delete from special_dates`;
  const first = addDays(today, 10);
  const last = addDays(today, 12);
  const inFirst = await lesson(tim, otto, first, 9);
  const inLast = await lesson(tim, otto, last, 11);
  await lesson(tim, otto, addDays(today, 11), 14); // the right day, outside the hours
  await lesson(tim, otto, addDays(today, 13), 9); // the hours, the day after the range
  await t.sql`
    insert into special_dates (user_id, date, end_date, is_unavailable, start_time, end_time)
    values (${tim}, ${first}, ${last}, false, '08:00', '12:00')`;
  assertEquals(await affectedIds(), sorted([inFirst, inLast]));
  const rows = await t.sql`
    select from_date::text, to_date::text, kind from affected_appointments
     where appointment_id = ${inLast}`;
  assertEquals(rows.map((r) => ({ ...r })), [{
    from_date: first,
    to_date: last,
    kind: "part_day",
  }]);
  await t.sql`delete from special_dates`;
});

Deno.test("Ferien entered after the plan mark the lessons of students who do not drive then", async () => {
  await t.sql`delete from appointments`;
  await t.sql`delete from special_dates`;
  await t.sql`update student_profiles set available_in_holidays = (user_id = ${tim})
               where user_id in (${sara}, ${tim})`;
  const first = addDays(today, 20);
  const last = addDays(today, 24);
  // Only the test's Ferien: the prefilled NRW ones (migration 0008) reach into these days on some
  // dates (from 28.11.2026 the Weihnachtsferien begin on the day after them).
  await t.sql`delete from school_holidays where start_date <= ${addDays(today, 26)}
              and end_date >= ${first}`;
  const saraInside = await lesson(sara, ines, addDays(today, 22), 10);
  await lesson(tim, otto, addDays(today, 22), 10); // Tim drives in the Ferien too
  await lesson(sara, ines, addDays(today, 25), 10); // the day after them
  assertEquals(await affectedIds(), []);

  await t.sql`insert into school_holidays (name, start_date, end_date)
              values ('Testferien', ${first}, ${last})`;
  const res = await admin.get("/api/admin/affected-appointments/");
  const body = await res.json();
  assertEquals(body.appointments.map((a: { id: number }) => a.id), [saraInside]);
  assertEquals(body.appointments[0].absences, [{
    role: "student",
    person_name: "Sara Schüler",
    kind: "ferien",
    label: `Ferien ${germanDate(first)}–${germanDate(last)} (Testferien)`,
  }]);
  await t.sql`delete from school_holidays where name = 'Testferien'`;
  await t.sql`update student_profiles set available_in_holidays = true`;
});
