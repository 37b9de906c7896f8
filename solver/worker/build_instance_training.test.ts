import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";
import { defaultPlannerSettings } from "../../common/contract/planner_settings.ts";
import { parseInstance } from "../instance.ts";
import { buildInstance } from "./build_instance.ts";
import { NOT_RELEASED_REASON, runStatistics } from "./write_plan.ts";

const { sql } = await createTestDatabase("planner_build_training");
Deno.test.afterAll?.(() => sql.end({ timeout: 5 }));

// Three class B students with 5/4/3 special drives open (the default), none released by hand:
// "weit" has 12 Fahrstunden done, "neu" 3, "hand" 1 but the office's flag.
const far = await insertUser(sql, { username: "weit", role: "student" });
const fresh = await insertUser(sql, { username: "neu", role: "student" });
const byHand = await insertUser(sql, { username: "hand", role: "student" });
const teacher = await insertUser(sql, { username: "lehrer", role: "instructor" });
const [car] = await sql`insert into vehicles (name) values ('DO-FS 7') returning id::int`;
await sql`update instructor_profiles set default_vehicle_id = ${car.id} where user_id = ${teacher}`;
await sql`update student_profiles set completed_manual_hours = 12, start_location = 'Kley'
           where user_id = ${far}`;
await sql`update student_profiles set completed_manual_hours = 3 where user_id = ${fresh}`;
await sql`update student_profiles set completed_manual_hours = 1, special_drives_released = true,
                  start_location = 'Barop'
           where user_id = ${byHand}`;
const settings = structuredClone(defaultPlannerSettings);
settings.training.specialDrivesAfterLessons = 10;
settings.training.pickupChangeMinutes = 15;
await sql`insert into planner_settings (id, settings) values (1, ${sql.json(settings)})`;

const built = await buildInstance(sql, { start: "2027-03-01" });
const inst = parseInstance(built.instance);
const student = (id: number) => inst.students.find((s) => s.id === `S${id}`)!;

Deno.test("special drives: released by the flag or after the school's number of done lessons", () => {
  assertEquals(student(far).special, { overland: 5, highway: 4, night: 3 });
  assertEquals(student(far).specialDrivesReleased, true);
  assertEquals(student(byHand).specialDrivesReleased, true);
  assertEquals(student(fresh).special, undefined);
  assertEquals(student(fresh).specialDrivesReleased, false);
});

Deno.test("special drives not released: one German reason line per kind, not silence", () => {
  assertEquals(built.notReleased, [
    { student: `S${fresh}`, transmission: "manual", kind: "overland", missing: 5 },
    { student: `S${fresh}`, transmission: "manual", kind: "highway", missing: 4 },
    { student: `S${fresh}`, transmission: "manual", kind: "night", missing: 3 },
  ]);
  const stats = runStatistics(
    built,
    {
      appointments: [],
      unplanned: [],
      stats: { lessons: 0, upperBound: 0 },
    },
    0,
    Date.now(),
  );
  const lines = stats.unplanned.filter((u) => u.reason === NOT_RELEASED_REASON);
  assertEquals(lines.map((u) => u.kind), ["overland", "highway", "night"]);
  // Named for the office (the student is not in the instance, its name is still known).
  assert(lines.every((u) => u.student === `S${fresh}` && u.student_name !== u.student));
});

Deno.test("pickup points: each student's Treffpunkt and the school's change time", () => {
  assertEquals(student(far).pickupPoint, "Kley");
  assertEquals(student(byHand).pickupPoint, "Barop");
  assertEquals(student(fresh).pickupPoint, undefined);
  assertEquals(inst.settings.pickupChangeMinutes, 15);
});

Deno.test("vehicles: the instructor's default vehicle; one car a day where the fleet allows", () => {
  assertEquals(inst.instructors.find((i) => i.id === `I${teacher}`)!.defaultVehicle, `V${car.id}`);
  assertEquals(inst.settings.vehiclePerDay, "soft");
});
