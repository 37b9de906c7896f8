/**
 * Issue 14, problem 1 (docs/decisions/0012-one-availability-model.md): what the planner receives
 * for a person equals what their grid shows, whichever screen or import created the data, and a
 * save that changes one hour changes one hour.
 */
import ExcelJS from "exceljs";
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser, TestClient } from "../../api/testing/test_app.ts";
import { buildInstance } from "../../solver/worker/build_instance.ts";
import { gridHours, hourKey, markedHours } from "../../common/availability_model.ts";

const t = await createTestApp("one_model");
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");
Deno.test.afterAll?.(() => t.close());
// Outside Ferien: a student planned from her school times is free all day in Ferien
// (solver/worker/school_calendar.ts), which her weekly grid does not show.
await t.sql`delete from school_holidays`;

type Slot = { day_of_week: number; start_time: string; end_time: string };

async function signedIn(username: string, password?: string) {
  const client = t.client();
  await client.login(username, password);
  return client;
}

async function gridOf(client: TestClient): Promise<Set<string>> {
  const res = await client.get("/api/my-availability/");
  assertEquals(res.status, 200);
  const slots = await res.json() as Slot[];
  return new Set(slots.map((s) => hourKey(s.day_of_week, Number(s.start_time.slice(0, 2)))));
}

/** The grid hours of the planner's windows of one person (planned weekdays, 07-20). */
async function plannedHours(userId: number, role: "instructor" | "student") {
  const built = await buildInstance(t.sql, { keepStudents: new Set([userId]) });
  const people =
    (role === "instructor" ? built.instance.instructors : built.instance.students) as unknown as {
      id: string;
      work?: never[];
      available?: never[];
    }[];
  const person = people.find((p) => p.id === `${role === "instructor" ? "I" : "S"}${userId}`);
  assert(person, `${role} ${userId} is in the instance`);
  const windows = (role === "instructor" ? person.work : person.available) ?? [];
  return new Set(
    [...markedHours(windows)].filter((k) => gridHours.includes(Number(k.split("-")[1]))),
  );
}

const sorted = (set: Set<string>) => [...set].sort();

async function assertSame(userId: number, role: "instructor" | "student", client: TestClient) {
  const grid = await gridOf(client);
  assert(grid.size > 0, "the grid is not empty");
  assertEquals(sorted(await plannedHours(userId, role)), sorted(grid));
  return grid;
}

function toSlots(hours: Set<string>): Slot[] {
  return [...hours].map((k) => {
    const [day, hour] = k.split("-").map(Number);
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00:00`;
    return { day_of_week: day, start_time: hh(hour), end_time: hh(hour + 1) };
  });
}

async function rowsOf(userId: number, kind: string) {
  const rows = await t.sql`
    select day_of_week as day, to_char(start_time, 'HH24:MI') as s, to_char(end_time, 'HH24:MI') as e
      from availabilities where user_id = ${userId} and availability_type = ${kind}
     order by day_of_week, start_time`;
  return rows.map((r) => `${r.day} ${r.s}-${r.e}`);
}

/** Marks one more hour in the grid and checks that exactly that hour changed, also for the planner. */
async function markOneHour(userId: number, role: "instructor" | "student", client: TestClient) {
  const before = await gridOf(client);
  const extra = hourKey(3, 7);
  assert(!before.has(extra));
  const version = (await client.get("/api/my-availability/")).headers.get("ETag")!;
  const res = await client.post("/api/my-availability/", {
    availabilities: toSlots(new Set([...before, extra])),
  }, { "If-Match": version });
  assertEquals(res.status, 200, JSON.stringify(await res.clone().json()));
  const after = await gridOf(client);
  assertEquals(sorted(after), sorted(new Set([...before, extra])));
  assertEquals(sorted(await plannedHours(userId, role)), sorted(after));
}

const adminInstructor = {
  first_name: "Ina",
  last_name: "Form",
  email: "ina@example.org",
  phone: "0231 1",
  transmission_types: ["manual"],
  work_schedule: [
    { day: "monday", start: "10:00", end: "12:00" },
    { day: "thursday", start: "08:00", end: "16:30" },
  ],
};

Deno.test("instructor from the admin form: grid = planner; one hour more is one hour more", async () => {
  const res = await admin.post("/api/admin/instructors/create-manual/", adminInstructor);
  assertEquals(res.status, 201);
  const { id, username, password } = await res.json();
  const client = await signedIn(username, password);
  const grid = await assertSame(id, "instructor", client);
  assert(grid.has(hourKey(1, 10)) && grid.has(hourKey(4, 16)) && !grid.has(hourKey(2, 10)));
  await markOneHour(id, "instructor", client);
  // The untouched windows keep their times (16:30 stays 16:30), one hour was added.
  assertEquals(await rowsOf(id, "work"), ["1 10:00-12:00", "3 07:00-08:00", "4 08:00-16:30"]);

  // The admin changes only the phone: no working time is lost (Saturday's included).
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
    end_time) values (${id}, 'work', 6, '09:00', '12:00')`;
  const detail = await (await admin.get(`/api/admin/users/${id}/`)).json();
  const save = await admin.put(`/api/admin/users/${id}/`, { ...detail, phone: "0231 999" });
  assertEquals(save.status, 200, JSON.stringify(await save.clone().json()));
  assertEquals(await rowsOf(id, "work"), [
    "1 10:00-12:00",
    "3 07:00-08:00",
    "4 08:00-16:30",
    "6 09:00-12:00",
  ]);
  const saturday = await gridOf(client);
  assert(saturday.has(hourKey(6, 9)), "Saturday (a planned weekday) is in the grid");
  assertEquals(sorted(await plannedHours(id, "instructor")), sorted(saturday));
});

const adminStudent = {
  first_name: "Sina",
  last_name: "Schule",
  email: "sina@example.org",
  phone: "0170 2",
  school_name: "Gymnasium",
  start_location: "Kley",
  license_class: "B",
  available_in_holidays: "ja",
  school_schedule: [{ day: "monday", start: "08:00", end: "13:30" }],
  free_periods: [{ day: "tuesday", period: 1, start: "10:00", end: "11:00" }],
  arrival_times: [{ day: "monday", time: "14:00" }, { day: "friday", time: "15:00" }],
};

Deno.test("student from the admin form: grid shows her derived week; one hour changes one hour", async () => {
  const res = await admin.post("/api/admin/students/create-manual/", adminStudent);
  assertEquals(res.status, 201);
  const { id, username, password } = await res.json();
  const client = await signedIn(username, password);
  const grid = await assertSame(id, "student", client);
  assert(grid.has(hourKey(1, 14)) && grid.has(hourKey(2, 10)) && grid.has(hourKey(5, 19)));
  await markOneHour(id, "student", client);
});

function upload(path: string, name: string, bytes: Uint8Array | string) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  return admin.request("POST", path, form);
}

Deno.test("CSV import: instructor and student, grid = planner; Sunday is refused", async () => {
  const teacher = await insertUser(t.sql, { username: "csv.lehrer", role: "instructor" });
  await t
    .sql`update instructor_profiles set transmission_types = '{manual}' where user_id = ${teacher}`;
  const pupil = await insertUser(t.sql, { username: "csv.schueler", role: "student" });
  const csv = "username;day_of_week;start_time;end_time\n" +
    "csv.lehrer;1;08:00;12:00\ncsv.lehrer;Samstag;09:00;13:00\ncsv.schueler;2;14:00;18:30\n";
  const res = await upload("/api/admin/availabilities/import/", "v.csv", csv);
  assertEquals(res.status, 200, JSON.stringify(await res.clone().json()));
  await assertSame(teacher, "instructor", await signedIn("csv.lehrer"));
  await assertSame(pupil, "student", await signedIn("csv.schueler"));
  const sunday = await upload(
    "/api/admin/availabilities/import/",
    "s.csv",
    "csv.lehrer;7;08:00;12:00\n",
  );
  assertEquals(sunday.status, 400);
  assert((await sunday.json()).error.includes("Sonntag ist kein Planungstag"));
});

Deno.test("Excel import: instructor and student, grid = planner", async () => {
  const time = (h: number, m = 0) => (h * 60 + m) / 1440;
  for (
    const [kind, values] of [
      ["lehrer", {
        Vorname: "Xena",
        Nachname: "Excel",
        "E-Mail": "xena@example.org",
        Getriebe: "Schaltung",
        "Montag von": time(8),
        "Montag bis": time(12, 30),
        "Samstag von": time(9),
        "Samstag bis": time(12),
      }],
      ["schueler", {
        Vorname: "Xaver",
        Nachname: "Excel",
        "E-Mail": "xaver@example.org",
        Führerscheinklasse: "B",
        "Mittwoch Ankunft": time(15, 15),
      }],
    ] as const
  ) {
    const template = await admin.get(
      `/api/admin/download/${kind === "lehrer" ? "fahrlehrer" : "schueler"}-vorlage/`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as string[];
    sheet.spliceRows(2, 1);
    const row = sheet.addRow([]);
    for (const [name, value] of Object.entries(values)) {
      assert(header.indexOf(name) > 0, name);
      row.getCell(header.indexOf(name)).value = value;
    }
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer);
    const path = `/api/admin/import/${kind === "lehrer" ? "instructors" : "students"}/`;
    const res = await upload(path, `${kind}.xlsx`, bytes);
    assertEquals(res.status, 201, JSON.stringify(await res.clone().json()));
  }
  const [teacher] = await t
    .sql`select id::int, username from users where email = 'xena@example.org'`;
  const [pupil] = await t
    .sql`select id::int, username from users where email = 'xaver@example.org'`;
  for (const id of [teacher.id, pupil.id]) {
    await t
      .sql`update users set password_hash = (select password_hash from users where username = 'chef') where id = ${id}`;
  }
  const grid = await assertSame(teacher.id, "instructor", await signedIn(teacher.username));
  assert(grid.has(hourKey(1, 12)) && grid.has(hourKey(6, 11)));
  const pupilGrid = await assertSame(pupil.id, "student", await signedIn(pupil.username));
  assert(pupilGrid.has(hourKey(3, 15)) && pupilGrid.has(hourKey(3, 19)));
});

Deno.test("saving the grid keeps rows on days that are not planned (Sunday)", async () => {
  const id = await insertUser(t.sql, { username: "sonntag", role: "student" });
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
    end_time) values (${id}, 'available', 7, '10:00', '12:00'), (${id}, 'available', 1, '08:00', '09:00')`;
  const client = await signedIn("sonntag");
  const res = await client.post("/api/my-availability/", {
    availabilities: toSlots(new Set([hourKey(1, 8), hourKey(2, 8)])),
  });
  assertEquals(res.status, 200);
  assertEquals(await rowsOf(id, "available"), ["1 08:00-09:00", "2 08:00-09:00", "7 10:00-12:00"]);
  const refused = await client.post("/api/my-availability/", {
    availabilities: toSlots(new Set([hourKey(7, 8)])),
  });
  assertEquals(refused.status, 400);
});

Deno.test("the planned weekdays are a school setting: admin changes them, grid and planner follow", async () => {
  const id = await insertUser(t.sql, { username: "samstag", role: "student" });
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
    end_time) values (${id}, 'available', 6, '10:00', '12:00')`;
  const client = await signedIn("samstag");
  assertEquals(
    await (await client.get("/api/my-planned-weekdays/")).json(),
    { planned_weekdays: [1, 2, 3, 4, 5, 6] },
  );
  assertEquals(sorted(await plannedHours(id, "student")), ["6-10", "6-11"]);
  assertEquals(
    (await client.put("/api/admin/planned-weekdays/", { planned_weekdays: [1] })).status,
    403,
  );
  const bad = await admin.put("/api/admin/planned-weekdays/", { planned_weekdays: [] });
  assertEquals(bad.status, 400);
  const res = await admin.put("/api/admin/planned-weekdays/", {
    planned_weekdays: [5, 1, 2, 3, 4],
  });
  assertEquals(res.status, 200);
  assertEquals(await res.json(), { planned_weekdays: [1, 2, 3, 4, 5] });
  // Saturday is no longer planned: the planner leaves it out, the grid still shows it (greyed),
  // a save of another day keeps it, and a Saturday hour is refused.
  assertEquals(sorted(await plannedHours(id, "student")), []);
  assert((await gridOf(client)).has(hourKey(6, 10)));
  const save = await client.post("/api/my-availability/", {
    availabilities: toSlots(new Set([hourKey(1, 8)])),
  });
  assertEquals(save.status, 200);
  assertEquals(await rowsOf(id, "available"), ["1 08:00-09:00", "6 10:00-12:00"]);
  const saturday = await client.post("/api/my-availability/", {
    availabilities: toSlots(new Set([hourKey(1, 8), hourKey(6, 10)])),
  });
  assertEquals(saturday.status, 400);
  const [log] = await t.sql`select summary from audit_log where action = 'school.planned_weekdays'`;
  assertEquals(
    log.summary,
    "Planungstage geändert: Montag, Dienstag, Mittwoch, Donnerstag, Freitag",
  );
  await admin.put("/api/admin/planned-weekdays/", { planned_weekdays: [1, 2, 3, 4, 5, 6] });
});
