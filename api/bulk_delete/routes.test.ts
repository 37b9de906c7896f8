import {
  activityAnswerSchema,
  bulkDeleteAnswerSchema,
  deleteConfirmation,
} from "../../common/contract/admin_data.ts";
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { testDataEmails } from "../imports/test_data.ts";

const t = await createTestApp("bulk_delete");
const chefId = await insertUser(t.sql, {
  username: "chef",
  role: "admin",
  first_name: "Anna",
  last_name: "Chef",
});
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

const count = async (table: string, where = "true") => {
  const [row] = await t.sql.unsafe(`select count(*)::int as n from ${table} where ${where}`);
  return row.n as number;
};

/**
 * A school of `students` students and `instructors` instructors; every student has one lesson
 * with instructor k (round robin) per hour, `past` of them in the past and `future` ahead, plus
 * availability, a vacation, an absence, a theory session (instructors) and a signed-in session
 * per person.
 */
async function seed(o: { instructors: number; students: number; past: number; future: number }) {
  await t.sql`delete from appointments`;
  await t.sql`delete from users where role <> 'admin'`;
  await t.sql`delete from audit_log`;
  await t.sql`delete from planner_jobs`;
  const instructors: number[] = [];
  const students: number[] = [];
  for (let i = 0; i < o.instructors; i++) {
    instructors.push(await insertUser(t.sql, { username: `lehrer${i}`, role: "instructor" }));
  }
  for (let i = 0; i < o.students; i++) {
    students.push(await insertUser(t.sql, { username: `schueler${i}`, role: "student" }));
  }
  for (const id of [...instructors, ...students]) {
    await t
      .sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
                values (${id}, 'work', 1, '08:00', '12:00')`;
    await t.sql`insert into vacation_periods (user_id, start_date, end_date)
                values (${id}, '2030-01-01', '2030-01-05')`;
    await t.sql`insert into special_dates (user_id, date) values (${id}, '2030-03-02')`;
    await t.sql`insert into sessions (user_id, token_hash) values (${id}, ${`hash-${id}`})`;
  }
  for (const id of instructors) {
    await t.sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
                values (${id}, '2030-02-01', '18:00', '19:30')`;
  }
  // Hour slots far apart, so no two lessons of one person overlap.
  let hour = 0;
  for (const [n, sign] of [[o.past, -1], [o.future, 1]] as const) {
    for (let k = 0; k < n; k++) {
      const s = students[k % students.length];
      const i = instructors[k % instructors.length];
      const offset = sign * (2 + hour++ * 2);
      await t.sql`
        insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
        values (${s}, ${i}, 'manual', now() + make_interval(hours => ${offset}),
                now() + make_interval(hours => ${offset + 1}))
      `;
    }
  }
  return { instructors, students };
}

/** A bulk delete as the dashboard sends it: with the typed phrase. */
const confirmed = { delete_all: true, confirmation: deleteConfirmation };

async function bulkDelete(what: string, body: unknown) {
  const res = await admin.delete(`/api/admin/bulk-delete/${what}/`, body);
  return { status: res.status, body: await res.json() };
}

Deno.test("deleting all students removes them with their appointments and rows, nobody else", async () => {
  const { instructors, students } = await seed({ instructors: 2, students: 3, past: 4, future: 5 });
  const res = await bulkDelete("students", confirmed);
  assertEquals(res.status, 200);
  assertContract(bulkDeleteAnswerSchema, res.body);
  assertEquals(res.body.message, "3 Fahrschüler und 9 Termine gelöscht.");
  assertEquals(await count("users", "role = 'student'"), 0);
  assertEquals(await count("users", "role = 'instructor'"), 2);
  assertEquals(await count("users", `id = ${chefId}`), 1);
  assertEquals(await count("appointments"), 0);
  const gone = students.join(",");
  for (
    const table of [
      "availabilities",
      "vacation_periods",
      "special_dates",
      "sessions",
      "student_profiles",
    ]
  ) {
    assertEquals(await count(table, `user_id in (${gone})`), 0, table);
  }
  // The instructors keep everything of theirs; the admin stays signed in.
  const kept = instructors.join(",");
  assertEquals(await count("availabilities", `user_id in (${kept})`), 2);
  assertEquals(await count("theory_sessions"), 2);
  assertEquals(await count("instructor_profiles"), 2);
  assertEquals((await admin.get("/api/auth/current-user/")).status, 200);
});

Deno.test("deleting all instructors counts their appointments and keeps the students", async () => {
  await seed({ instructors: 3, students: 4, past: 2, future: 4 });
  const res = await bulkDelete("instructors", confirmed);
  assertEquals(res.body.message, "3 Fahrlehrer und 6 Termine gelöscht.");
  assertEquals(await count("users", "role = 'instructor'"), 0);
  assertEquals(await count("users", "role = 'student'"), 4);
  assertEquals(await count("student_profiles"), 4);
  assertEquals(await count("theory_sessions"), 0);
  assertEquals(await count("users", "role = 'admin'"), 1);
});

Deno.test("deleting appointments: all of them, or only those still to come", async () => {
  await seed({ instructors: 2, students: 2, past: 3, future: 4 });
  const future = await bulkDelete("appointments", { ...confirmed, only_future: true });
  assertEquals(future.body.message, "4 zukünftige Termine gelöscht.");
  assertEquals(await count("appointments"), 3);
  assertEquals(await count("appointments", "starts_at > now()"), 0);
  const all = await bulkDelete("appointments", { ...confirmed, only_future: false });
  assertEquals(all.body.message, "3 Termine gelöscht.");
  assertEquals(await count("appointments"), 0);
  assertEquals(await count("users", "role <> 'admin'"), 4);
  const once = await bulkDelete("appointments", confirmed);
  assertEquals(once.body.message, "0 Termine gelöscht.");
});

Deno.test("every bulk delete writes one audit line with the admin's name and the counts", async () => {
  await seed({ instructors: 1, students: 2, past: 1, future: 1 });
  await bulkDelete("appointments", { ...confirmed, only_future: true });
  await bulkDelete("students", confirmed);
  await bulkDelete("instructors", confirmed);
  const rows = await t.sql`
    select actor_id::int, actor_name, action, summary, details from audit_log order by id
  `;
  assertEquals(rows.map((r) => [r.actor_id, r.actor_name, r.action, r.summary, r.details]), [
    [chefId, "Anna Chef", "bulk_delete.appointments", "1 zukünftiger Termin gelöscht.", {
      appointments: 1,
      only_future: true,
    }],
    [chefId, "Anna Chef", "bulk_delete.students", "2 Fahrschüler und 1 Termin gelöscht.", {
      people: 2,
      appointments: 1,
    }],
    [chefId, "Anna Chef", "bulk_delete.instructors", "1 Fahrlehrer und 0 Termine gelöscht.", {
      people: 1,
      appointments: 0,
    }],
  ]);
  const activity = await (await admin.get("/api/admin/activity/")).json();
  assertContract(activityAnswerSchema, activity);
  assertEquals(activity.results[0].summary, "1 Fahrlehrer und 0 Termine gelöscht.");
});

Deno.test("a failure midway rolls the whole delete back", async () => {
  await seed({ instructors: 2, students: 3, past: 2, future: 2 });
  // The audit line is the last write: failing it leaves appointments and users already deleted
  // inside the transaction, which must all come back.
  await t.sql.unsafe(`
    create function fail_audit() returns trigger language plpgsql as
      $$ begin raise exception 'Testfehler'; end $$;
    create trigger fail_audit before insert on audit_log
      for each row execute function fail_audit();
  `);
  try {
    for (const what of ["students", "instructors", "appointments"]) {
      const res = await bulkDelete(what, confirmed);
      assertEquals(res.status, 500, what);
    }
  } finally {
    await t.sql.unsafe(`drop trigger fail_audit on audit_log; drop function fail_audit();`);
  }
  assertEquals(await count("users", "role = 'student'"), 3);
  assertEquals(await count("users", "role = 'instructor'"), 2);
  assertEquals(await count("appointments"), 4);
  assertEquals(await count("availabilities"), 5);
  assertEquals(await count("sessions", "user_id <> " + chefId), 5);
  assertEquals(await count("audit_log"), 0);
});

Deno.test("anything but {delete_all: true} answers a German 400 and deletes nothing", async () => {
  await seed({ instructors: 1, students: 1, past: 0, future: 1 });
  for (const body of [{}, { delete_all: false }, { delete_all: "true" }, undefined]) {
    for (const what of ["students", "instructors", "appointments"]) {
      const res = await bulkDelete(what, body);
      assertEquals(res.status, 400, `${what} ${JSON.stringify(body)}`);
      assert(/[äöüß]|Anfrage|gesendet/.test(res.body.error), res.body.error);
    }
  }
  const odd = await bulkDelete("appointments", { ...confirmed, only_future: "ja" });
  assertEquals(odd.body.error, "„only_future“ muss true oder false sein.");
  const missing = await bulkDelete("students", { ...confirmed, delete_all: false });
  assertEquals(missing.body.error, "Zum Löschen muss „delete_all: true“ gesendet werden.");
  // The typed phrase is checked by the server too, not only by the dialog.
  for (const confirmation of [undefined, "ja", "Ja, unwiderruflich löschen "]) {
    const unconfirmed = await bulkDelete("students", { delete_all: true, confirmation });
    assertEquals(unconfirmed.status, 400);
    assertEquals(
      unconfirmed.body.error,
      "Bitte geben Sie zur Bestätigung „Ja, unwiderruflich löschen“ ein.",
    );
  }
  assertEquals(await count("users", "role <> 'admin'"), 2);
  assertEquals(await count("appointments"), 1);
});

Deno.test("while a planner run is queued or running, a bulk delete answers 409", async () => {
  await seed({ instructors: 1, students: 1, past: 0, future: 1 });
  await t.sql`insert into planner_jobs (status) values ('running')`;
  const res = await bulkDelete("students", confirmed);
  assertEquals(res.status, 409);
  assertEquals(await count("users", "role = 'student'"), 1);
  await t.sql`delete from planner_jobs`;
});

Deno.test("only admins may bulk delete", async () => {
  await seed({ instructors: 1, students: 1, past: 0, future: 1 });
  const teacher = t.client();
  await teacher.login("lehrer0");
  const res = await teacher.delete("/api/admin/bulk-delete/appointments/", { delete_all: true });
  assertEquals(res.status, 403);
  assertEquals(await count("appointments"), 1);
});

Deno.test("removing the test data deletes only the package's people, with their appointments", async () => {
  // Issue 25: the tour's clean-up told the office to delete all students and instructors, real
  // ones too. This removes only people with the package's e-mail addresses.
  await seed({ instructors: 0, students: 0, past: 0, future: 0 });
  const emails = testDataEmails();
  const person = async (username: string, role: "student" | "instructor", email: string) =>
    await insertUser(t.sql, { username, role, email, first_name: "Paul", last_name: "Schwarz" });
  const testInstructor = await person("t.lehrer", "instructor", emails.instructor[0]);
  const testStudent = await person("t.schueler", "student", emails.student[3].toUpperCase());
  const realInstructor = await person("echt.lehrer", "instructor", "paul@fahrschule-rhein.de");
  const realStudent = await person("echt.schueler", "student", "");
  const lesson = (student: number, instructor: number, day: number) =>
    t.sql`insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
          values (${student}, ${instructor}, 'manual', now() + make_interval(days => ${day}),
                  now() + make_interval(days => ${day}, hours => 1))`;
  await lesson(testStudent, testInstructor, 1);
  await lesson(realStudent, testInstructor, 2);
  await lesson(testStudent, realInstructor, 3);
  await lesson(realStudent, realInstructor, 4);

  const res = await bulkDelete("test-data", { confirmation: deleteConfirmation });
  assertEquals(res.status, 200);
  assertContract(bulkDeleteAnswerSchema, res.body);
  assertEquals(
    res.body.message,
    "Testdaten entfernt: 1 Fahrlehrer, 1 Fahrschüler und 3 Termine gelöscht. Ihre übrigen Daten bleiben erhalten.",
  );
  const left = await t.sql`select username from users where role <> 'admin' order by username`;
  assertEquals(left.map((r) => r.username), ["echt.lehrer", "echt.schueler"]);
  assertEquals(await count("appointments"), 1);
  const [audit] = await t.sql`select action, details from audit_log order by id desc limit 1`;
  assertEquals([audit.action, audit.details], ["bulk_delete.test_data", {
    instructors: 1,
    students: 1,
    appointments: 3,
  }]);

  // Nothing left of the package: said so, nothing deleted.
  const again = await bulkDelete("test-data", { confirmation: deleteConfirmation });
  assertEquals(
    again.body.message,
    "Es sind keine Testdaten mehr vorhanden. Es wurde nichts gelöscht.",
  );
  assertEquals(await count("users", "role <> 'admin'"), 2);
});

Deno.test("removing the test data wants the typed phrase and an admin", async () => {
  await seed({ instructors: 0, students: 0, past: 0, future: 0 });
  await insertUser(t.sql, {
    username: "t.lehrer",
    role: "instructor",
    email: testDataEmails().instructor[0],
  });
  const unconfirmed = await bulkDelete("test-data", {});
  assertEquals(unconfirmed.status, 400);
  assertEquals(
    unconfirmed.body.error,
    "Bitte geben Sie zur Bestätigung „Ja, unwiderruflich löschen“ ein.",
  );
  const teacher = t.client();
  await teacher.login("t.lehrer");
  const res = await teacher.delete("/api/admin/bulk-delete/test-data/", {
    confirmation: deleteConfirmation,
  });
  assertEquals(res.status, 403);
  assertEquals(await count("users", "role = 'instructor'"), 1);
});

Deno.test("every table that points at users deletes or clears its rows with the user", async () => {
  // A new table without `on delete cascade`/`set null` would make deleting people fail (or
  // keep rows of deleted people); this catches it when the table is added.
  const rules = await t.sql`
    select c.conrelid::regclass::text as tab, c.confdeltype as rule
      from pg_constraint c
     where c.contype = 'f' and c.confrelid = 'users'::regclass
  `;
  assert(rules.length >= 10, `found ${rules.length}`);
  const restricting = rules.filter((r) => r.rule !== "c" && r.rule !== "n");
  assertEquals(restricting, []);
});
