import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";
import { defaultPlannerSettings } from "../../common/contract/planner_settings.ts";
import { parseInstance } from "../instance.ts";
import { buildInstance } from "./build_instance.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { publicHolidays } from "../../common/school_calendar/public_holidays.ts";

const { sql } = await createTestDatabase("planner_build_instance");
Deno.test.afterAll?.(() => sql.end({ timeout: 5 }));

const [{ tomorrow }] = await sql`
  select ((now() at time zone ${SCHOOL_TIME_ZONE})::date + 1)::text as tomorrow
`;
// These tests are about the people's own rows: the horizon starts on the first day from tomorrow
// whose 30 days hold no public holiday, and no Ferien are stored (school_calendar.test.ts).
await sql`delete from school_holidays`;
let start = tomorrow as string;
while (publicHolidays("NW", start, addDays(start, 29)).length > 0) start = addDays(start, 1);
const day = (offset: number) => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const teacher = await insertUser(sql, { username: "lehrer", role: "instructor" });
const gridTeacher = await insertUser(sql, { username: "raster", role: "instructor" });
const idle = await insertUser(sql, { username: "ohne", role: "instructor" });
const derived = await insertUser(sql, { username: "schulzeit", role: "student" });
const own = await insertUser(sql, {
  username: "eigene",
  role: "student",
  first_name: "Eva",
  last_name: "Eigen",
});
const done = await insertUser(sql, { username: "fertig", role: "student" });

await sql`update instructor_profiles set transmission_types = '{}' where user_id = ${idle}`;
await sql`update student_profiles set completed_manual_hours = 5 where user_id = ${derived}`;
await sql`update student_profiles set completed_manual_hours = 20 where user_id = ${done}`;
await sql`
  insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time,
                              valid_from, valid_until, period)
  values (${teacher}, 'work', 1, '08:00', '12:00', null, null, null),
         (${teacher}, 'break', null, '10:00', '10:30', null, null, null),
         (${teacher}, 'unavailable', 3, '16:00', '18:00', ${start}, null, null),
         (${teacher}, 'available', 2, '09:00', '10:00', null, null, null),
         (${gridTeacher}, 'available', 2, '09:00', '10:00', null, null, null),
         (${derived}, 'arrival', 1, '14:00', '20:00', null, null, null),
         (${derived}, 'arrival', 7, '09:00', '20:00', null, null, null),
         (${derived}, 'free_period', 2, '10:00', '11:00', null, null, 1),
         (${own}, 'arrival', 1, '14:00', '20:00', null, null, null),
         (${own}, 'available', 3, '15:00', '16:00', null, null, null),
         (${own}, 'available', 3, '19:00', '20:00', null, null, null)
`;
await sql`insert into vacation_periods (user_id, start_date, end_date)
          values (${teacher}, ${day(3)}, ${day(4)})`;
await sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
          values (${teacher}, ${day(1)}, '09:00', '10:00')`;
await sql`insert into special_dates (user_id, date, is_unavailable, start_time, end_time)
          values (${derived}, ${day(5)}, true, null, null),
                 (${derived}, ${day(6)}, false, '15:00', '17:00')`;
const [vehicle] = await sql`insert into vehicles (name) values ('DO-FS 1') returning id::int`;
// One whole-hour lesson (kept fixed) and one at half past (turned into blocks).
await sql`
  insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at, ends_at)
  values (${own}, ${teacher}, ${vehicle.id}, 'manual',
          (${day(0)}::date + time '09:00') at time zone ${SCHOOL_TIME_ZONE},
          (${day(0)}::date + time '10:00') at time zone ${SCHOOL_TIME_ZONE}),
         (${derived}, ${teacher}, ${vehicle.id}, 'manual',
          (${day(2)}::date + time '14:30') at time zone ${SCHOOL_TIME_ZONE},
          (${day(2)}::date + time '15:30') at time zone ${SCHOOL_TIME_ZONE})
`;
const settings = structuredClone(defaultPlannerSettings);
settings.hard.maxHoursPerDay.enabled = false;
settings.soft.instructorContinuity.enabled = false;
await sql`insert into planner_settings (id, settings) values (1, ${sql.json(settings)})`;

const built = await buildInstance(sql, { start });
const inst = built.instance as any;
const byId = (list: { id: string }[], id: string) => list.find((x) => x.id === id) as any;

Deno.test("the instance is valid for the planner and covers 30 days from its first day", () => {
  parseInstance(inst);
  assertEquals(inst.start, start);
  assertEquals(inst.days, 30);
});

Deno.test("settings: a switched-off hard rule is loosest, a switched-off soft rule weighs 0", () => {
  assertEquals(inst.settings.maxHoursPerDay, 12);
  assertEquals(inst.settings.soft.instructorContinuity, 0);
  assertEquals(inst.settings.soft.preferredTimes, 70);
  assertEquals(inst.settings.breakAfterHours, 4);
});

Deno.test("instructors: work, breaks, blocks, vacations; grid rows only without work", () => {
  assertEquals(inst.instructors.map((i: { id: string }) => i.id), [
    `I${teacher}`,
    `I${gridTeacher}`,
  ]);
  const i = byId(inst.instructors, `I${teacher}`);
  assertEquals(i.work, [{ day: 1, start: "08:00", end: "12:00" }]);
  assertEquals(i.breaks, [{ start: "10:00", end: "10:30" }]);
  assertEquals(i.absences, [{ from: day(3), to: day(4) }]);
  assert(i.blocks.some((b: any) => b.date === day(1) && b.start === "09:00"), "theory session");
  assert(i.blocks.some((b: any) => b.date === day(2) && b.start === "14:30"), "odd appointment");
  assertEquals(i.weeklyBlocks, [{
    day: 3,
    start: "16:00",
    end: "18:00",
    validFrom: start,
    validUntil: null,
  }]);
  assertEquals(byId(inst.instructors, `I${gridTeacher}`).work, [
    { day: 2, start: "09:00", end: "10:00" },
  ]);
});

Deno.test("students: derived windows, own grid replaces them, needs, absences", () => {
  assertEquals(
    inst.students.map((s: { id: string }) => s.id).sort(),
    [`S${derived}`, `S${own}`].sort(),
  );
  const d = byId(inst.students, `S${derived}`);
  assertEquals(d.available, [
    { day: 1, start: "14:00", end: "20:00" },
    { day: 2, start: "10:00", end: "11:00" },
  ]);
  // required 20 - completed 5 - one future appointment (the half-past one) = 14
  assertEquals(d.needs, { manual: 14, automatic: 0 });
  assertEquals(d.absences, [{ from: day(5), to: day(5) }]);
  assert(d.blocks.some((b: any) => b.date === day(6) && b.start === "15:00"), "partial absence");
  // timeSlotPreferences on: 18-22 is not preferred
  assertEquals(d.preferred, [
    { day: 1, start: "14:00", end: "18:00" },
    { day: 2, start: "10:00", end: "11:00" },
  ]);
  const o = byId(inst.students, `S${own}`);
  assertEquals(o.available, [
    { day: 3, start: "15:00", end: "16:00" },
    { day: 3, start: "19:00", end: "20:00" },
  ]);
  assertEquals(built.studentNames.get(`S${own}`), "Eva Eigen");
});

Deno.test("existing whole-hour lessons are fixed; all of them count as before", () => {
  assertEquals(inst.fixed, [{
    student: `S${own}`,
    instructor: `I${teacher}`,
    vehicle: `V${vehicle.id}`,
    start: `${day(0)}T09:00`,
    end: `${day(0)}T10:00`,
    transmission: "manual",
    kind: "driving_lesson",
  }]);
  assertEquals(built.appointmentsBefore, 2);
});
