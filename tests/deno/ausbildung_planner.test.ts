/**
 * Issue 22's acceptance with the real worker process (solver/main.ts) on real Postgres: the Mittel
 * school (solver/examples/mittel.json, with evening hours until 22:00 on weekdays so that night
 * drives fit in February), class B students released for special drives with the defaults of
 * migration 0030 open (5 Überland-, 4 Autobahn-, 3 Nachtfahrt units), three of them with an exam.
 * One planning run plans overland, highway and night drives of 90 minutes each, every night drive
 * after civil dusk in Dortmund, nothing on or after an exam, and no instructor drives more than
 * 495 minutes a day.
 */
import { getTimes } from "suncalc";
import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestApp, insertUser } from "../../api/testing/test_app.ts";
import { planWithWorker as planWorker } from "./plan_with_worker.ts";
import { seedInstance } from "../../scripts/seed.ts";
import { parseInstance } from "../../solver/instance.ts";
import { withTraining } from "../../solver/testing/ausbildung.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";

const t = await createTestApp("ausbildung_planner");
Deno.test.afterAll?.(() => t.close());
const options = { sanitizeOps: false, sanitizeResources: false };

const example = new URL("../../solver/examples/mittel.json", import.meta.url);
const mittel = withTraining(parseInstance(JSON.parse(await Deno.readTextFile(example))), {
  eveningUntil: 22,
  special: { overland: 0, highway: 0, night: 0 },
});
const START = mittel.start;
await seedInstance(t.sql, mittel, { reset: true, password: "geheim-passwort-1" });
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

// Class B students released, with the defaults of migration 0030 (5/4/3 units) open.
await t.sql`update student_profiles set special_drives_released = true where license_class = 'B'`;
const examStudents = await t.sql<{ id: number }[]>`
  select user_id::int as id from student_profiles where license_class = 'B'
   order by user_id limit 3
`;
const EXAM_DAY = addDays(START, 13);
await t.sql`
  update student_profiles
     set exam_at = (${EXAM_DAY}::date + time '10:00') at time zone ${SCHOOL_TIME_ZONE}
   where user_id in ${t.sql(examStudents.map((s) => s.id))}
`;

const planWithWorker = () => planWorker(t, admin, START);

interface Row {
  student_id: number;
  instructor_id: number;
  appointment_type: string;
  start_time: string;
  end_time: string;
}

/** Every appointment as GET /api/admin/appointments/ lists it (all pages from the start). */
async function listed(): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1;; page++) {
    const res = await admin.get(
      `/api/admin/appointments/?from=${START}&page_size=200&page=${page}&sort=start_time`,
    );
    assertEquals(res.status, 200);
    const body = await res.json();
    rows.push(...body.results);
    if (page >= body.total_pages) return rows;
  }
}

const minutes = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;
/** The instant of a Berlin wall-clock "YYYY-MM-DDTHH:MM" (the list's start_time and end_time). */
const instant = (wall: string) => {
  const guess = new Date(`${wall.slice(0, 16)}:00Z`);
  const shown = new Date(guess.toLocaleString("en-US", { timeZone: SCHOOL_TIME_ZONE }));
  const utc = new Date(guess.toLocaleString("en-US", { timeZone: "UTC" }));
  return new Date(guess.getTime() - (shown.getTime() - utc.getTime()));
};

Deno.test(
  "one planning run plans 90-minute special drives: night after dusk, nothing after an exam, 495 minutes a day",
  options,
  async () => {
    await planWithWorker();
    const rows = await listed();
    const special = rows.filter((r) => r.appointment_type !== "driving_lesson");
    const kinds = new Set(special.map((r) => r.appointment_type));
    assertEquals([...kinds].sort(), ["highway", "night", "overland"]);
    for (const r of special) {
      assertEquals(
        minutes(instant(r.start_time).toISOString(), instant(r.end_time).toISOString()),
        90,
      );
    }
    // Night drives: no earlier than civil dusk in Dortmund on their date (suncalc directly).
    const nights = special.filter((r) => r.appointment_type === "night");
    assert(nights.length >= 10, `only ${nights.length} night drives`);
    for (const r of nights) {
      const dusk = getTimes(new Date(`${r.start_time.slice(0, 10)}T12:00:00Z`), 51.51, 7.47).dusk!;
      assert(instant(r.start_time) >= dusk, `${r.start_time} before dusk ${dusk.toISOString()}`);
    }
    // Nothing on or after an exam.
    for (const { id } of examStudents) {
      const exam = instant(`${EXAM_DAY}T10:00`);
      const own = rows.filter((r) => r.student_id === id);
      assert(own.length > 0, `student ${id} got nothing`);
      for (const r of own) assert(instant(r.end_time) <= exam, `${r.start_time} after the exam`);
    }
    // No instructor drives more than 495 minutes a day.
    const perDay = new Map<string, number>();
    for (const r of rows) {
      const k = `${r.instructor_id} ${r.start_time.slice(0, 10)}`;
      perDay.set(k, (perDay.get(k) ?? 0) + minutes(r.start_time, r.end_time));
    }
    assert(Math.max(...perDay.values()) <= 495, `${Math.max(...perDay.values())} minutes`);
  },
);
