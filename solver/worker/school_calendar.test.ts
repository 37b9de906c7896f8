import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";
import { parseInstance } from "../instance.ts";
import { buildInstance } from "./build_instance.ts";
import { ferienDayWindows, studentFerien } from "./school_calendar.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";

const { sql } = await createTestDatabase("planner_school_calendar");
Deno.test.afterAll?.(() => sql.end({ timeout: 5 }));

// A horizon from Monday 3 May 2027: Christi Himmelfahrt (6.5.), Pfingstmontag (17.5.) and
// Fronleichnam (27.5.) are public holidays in Nordrhein-Westfalen; Fronleichnam is none in Berlin.
const START = "2027-05-03";
const teacher = await insertUser(sql, { username: "lehrer", role: "instructor" });
const pupil = await insertUser(sql, { username: "ferienkind", role: "student" });
const stayAway = await insertUser(sql, { username: "verreist", role: "student" });
const gridPupil = await insertUser(sql, { username: "raster", role: "student" });
await sql`update student_profiles set available_in_holidays = false where user_id = ${stayAway}`;
for (const id of [pupil, stayAway]) {
  await sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time, period)
    select ${id}, kind, day, s::time, e::time, p
      from generate_series(1, 5) day,
           (values ('school', '08:00', '13:00', null::int), ('arrival', '14:00', '20:00', null),
                   ('free_period', '10:00', '11:00', 1)) r (kind, s, e, p)
  `;
}
await sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
          values (${gridPupil}, 'available', 2, '16:00', '18:00')`;
await sql`insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
          select ${teacher}, 'work', day, '08:00', '20:00' from generate_series(1, 5) day`;
await sql`delete from school_holidays`;
await sql`insert into school_holidays (name, start_date, end_date)
          values ('Pfingstferien', '2027-05-18', '2027-05-18'),
                 ('Testferien', '2027-05-24', '2027-05-28'),
                 ('Sommerferien', '2027-07-19', '2027-08-31')`;

const byId = (list: { id: string }[], id: string) => list.find((x) => x.id === id) as any;
const holidayNW = ["2027-05-06", "2027-05-17", "2027-05-27"].map((d) => ({ from: d, to: d }));
const ferien = [
  { from: "2027-05-18", to: "2027-05-18" },
  { from: "2027-05-24", to: "2027-05-28" },
];

Deno.test("without a start the horizon begins tomorrow", async () => {
  const [{ tomorrow }] = await sql`
    select ((now() at time zone ${SCHOOL_TIME_ZONE})::date + 1)::text as tomorrow`;
  assertEquals((await buildInstance(sql)).instance.start, tomorrow);
});

Deno.test("public holidays of the configured state are absences of everybody", async () => {
  await sql`update school_settings set federal_state = 'NW'`;
  const inst = (await buildInstance(sql, { start: START })).instance as any;
  parseInstance(inst);
  assertEquals(byId(inst.instructors, `I${teacher}`).absences, holidayNW);
  for (const s of inst.students) {
    for (const h of holidayNW) assert(s.absences.some((a: any) => a.from === h.from), s.id);
  }
  // Another state, other holidays: Berlin keeps Fronleichnam as a working day.
  await sql`update school_settings set federal_state = 'BE'`;
  const berlin = (await buildInstance(sql, { start: START })).instance as any;
  assertEquals(byId(berlin.instructors, `I${teacher}`).absences, holidayNW.slice(0, 2));
  await sql`update school_settings set federal_state = 'NW'`;
});

Deno.test("holiday attendance 'nein': the Ferien in the horizon are absences", async () => {
  const inst = (await buildInstance(sql, { start: START })).instance as any;
  const s = byId(inst.students, `S${stayAway}`);
  assertEquals(s.absences, [...holidayNW, ...ferien]);
  // Outside Ferien her school timetable applies as before.
  assertEquals(s.available.filter((w: any) => w.day === 1), [
    { day: 1, start: "10:00", end: "11:00" },
    { day: 1, start: "14:00", end: "20:00" },
  ]);
});

Deno.test("in Ferien the school timetable is lifted: free from school start to 20:00", async () => {
  const inst = (await buildInstance(sql, { start: START })).instance as any;
  const s = byId(inst.students, `S${pupil}`);
  assertEquals(s.absences, holidayNW);
  assertEquals(s.available, [1, 2, 3, 4, 5].map((day) => ({ day, start: "08:00", end: "20:00" })));
  // School days get the school hours blocked again; Ferien days have no blocks.
  const blocksOn = (date: string) =>
    s.blocks.filter((b: any) => b.date === date).map((b: any) => `${b.start}-${b.end}`);
  assertEquals(blocksOn("2027-05-03"), ["08:00-10:00", "11:00-14:00"]);
  assertEquals(blocksOn("2027-05-18"), []);
  for (let d = "2027-05-24"; d <= "2027-05-28"; d = addDays(d, 1)) assertEquals(blocksOn(d), []);
  assertEquals(blocksOn("2027-05-31"), ["08:00-10:00", "11:00-14:00"]);
  // A student with her own grid keeps it in Ferien.
  assertEquals(byId(inst.students, `S${gridPupil}`).available, [
    { day: 2, start: "16:00", end: "18:00" },
  ]);
  assertEquals(byId(inst.students, `S${gridPupil}`).blocks, []);
});

Deno.test("a horizon without Ferien changes nothing", () => {
  const rows = [{ kind: "arrival", day: 1, start: "14:00", end: "20:00" }];
  const available = [{ day: 1, start: "14:00", end: "20:00" }];
  const calendar = { holidays: [], ferien: [] };
  assertEquals(
    studentFerien({
      rows,
      available,
      derived: true,
      availableInHolidays: true,
      calendar,
      start: START,
      days: 30,
    }),
    { available, absences: [], blocks: [] },
  );
});

Deno.test("Ferien windows: Mon-Fri only, from the earliest school row, a late free period kept", () => {
  assertEquals(
    ferienDayWindows([
      { kind: "school", day: 2, start: "07:45", end: "15:00" },
      { kind: "arrival", day: 2, start: "15:30", end: "15:30" },
      { kind: "free_period", day: 3, start: "19:00", end: "20:30" },
      { kind: "arrival", day: 6, start: "09:00", end: "20:00" },
      { kind: "available", day: 4, start: "06:00", end: "07:00" },
    ]),
    [{ day: 2, start: "07:45", end: "20:00" }, { day: 3, start: "19:00", end: "20:30" }],
  );
});
