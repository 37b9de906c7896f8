import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";

/**
 * Issue 22: the student's training record. Done counts the lessons whose time has passed and that
 * were not cancelled; planned the ones still ahead; special drives in 45-minute units. The
 * training fields of the student save change only themselves.
 */
const t = await createTestApp("people_training");
await insertUser(t.sql, { username: "chef", role: "admin" });
const anna = await insertUser(t.sql, { username: "anna", role: "instructor" });
const lena = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  first_name: "Lena",
  last_name: "Lernt",
});
const admin = t.client();
await admin.login("chef");
Deno.test.afterAll?.(() => t.close());

const lesson = (day: string, start: string, extra: Record<string, unknown> = {}) =>
  insertAppointment(t.sql, { student: lena, instructor: anna, day, start, ...extra });
await lesson("2026-01-05", "10:00");
await lesson("2026-01-06", "10:00");
await lesson("2026-01-07", "10:00", { status: "cancelled" });
await lesson("2026-01-08", "10:00", { type: "overland", minutes: 90 });
await lesson("2099-01-05", "10:00");
await lesson("2099-01-06", "21:00", { type: "night", minutes: 90 });

const detail = async () => (await (await admin.get(`/api/admin/users/${lena}/`)).json());

Deno.test("training: done, planned and open per kind agree with the appointments", async () => {
  const d = await detail();
  assertEquals(d.training, {
    manual: { required: 20, done: 2, planned: 1, open: 17 },
    automatic: { required: 0, done: 0, planned: 0, open: 0 },
    overland: { required: 5, done: 2, planned: 0, open: 3 },
    highway: { required: 4, done: 0, planned: 0, open: 4 },
    night: { required: 3, done: 0, planned: 2, open: 1 },
  });
  assertEquals([d.special_drives_released, d.exam_at], [false, null]);
  // The list counts the same lessons as done ("Fortschritt") and open ("Offen").
  const list = await (await admin.get("/api/admin/users/?role=student")).json();
  const row = list.results.find((r: { id: number }) => r.id === lena);
  assertEquals(row.profile.completed_manual_hours, 2);
  assertEquals(row.remaining_hours_total, 17);
});

Deno.test("training: a save with only the release and the exam changes only them", async () => {
  const before = await detail();
  const res = await admin.put(`/api/admin/users/${lena}/`, {
    special_drives_released: true,
    exam_at: "2027-03-15T09:30",
  });
  assertEquals(res.status, 200);
  const after = await detail();
  assertEquals([after.special_drives_released, after.exam_at], [true, "2027-03-15T09:30"]);
  // The instant is the school's wall clock (09:30 in Berlin is 08:30 UTC in March).
  const [stored] = await t.sql`select exam_at from student_profiles where user_id = ${lena}`;
  assertEquals((stored.exam_at as Date).toISOString(), "2027-03-15T08:30:00.000Z");
  const same = (d: Record<string, unknown>) => {
    const { special_drives_released: _r, exam_at: _e, version: _v, ...rest } = d;
    return rest;
  };
  assertEquals(same(after), same(before));

  assertEquals((await admin.put(`/api/admin/users/${lena}/`, { exam_at: null })).status, 200);
  assertEquals((await detail()).exam_at, null);
  assertEquals((await detail()).special_drives_released, true);
});

Deno.test("training: the office sets each student's numbers; bad values get German messages", async () => {
  const res = await admin.put(`/api/admin/users/${lena}/`, {
    required_overland: 7,
    required_manual_hours: 30,
  });
  assertEquals(res.status, 200);
  const d = await detail();
  assertEquals(d.training.overland, { required: 7, done: 2, planned: 0, open: 5 });
  assertEquals(d.training.manual, { required: 30, done: 2, planned: 1, open: 27 });
  assertEquals(d.profile.license_class, "B", "the class stays");

  const bad = await admin.put(`/api/admin/users/${lena}/`, { required_night: "drei" });
  assertEquals(bad.status, 400);
  assertEquals(
    (await bad.json()).error,
    "Nachtfahrten: Bitte eine ganze Zahl von 0 bis 50 eingeben.",
  );
  const badExam = await admin.put(`/api/admin/users/${lena}/`, { exam_at: "2027-02-30T09:00" });
  assertEquals(badExam.status, 400);
  assertEquals(
    (await badExam.json()).error,
    "Prüfungstermin: Bitte Datum und Uhrzeit angeben (TT.MM.JJJJ, HH:MM).",
  );
  assertEquals((await detail()).training.night.required, 3, "a refused save changes nothing");
});

Deno.test("two saves from one loaded version: the second answers 409 and changes nothing", async () => {
  const loaded = await detail();
  const first = await admin.put(`/api/admin/users/${lena}/`, {
    version: loaded.version,
    school_name: "Gymnasium Nord",
  });
  assertEquals(first.status, 200);
  assertEquals((await first.json()).version, loaded.version + 1);
  const second = await admin.put(`/api/admin/users/${lena}/`, {
    version: loaded.version,
    school_name: "Realschule Süd",
  });
  assertEquals(second.status, 409);
  assertEquals(
    (await second.json()).error,
    "Diese Person wurde inzwischen von jemand anderem geändert. Bitte laden Sie die Daten neu " +
      "und geben Sie Ihre Änderungen noch einmal ein.",
  );
  assertEquals((await detail()).profile.metadata.school_name, "Gymnasium Nord");
});
