/**
 * GET /admin/free-slots/ (issue 25, point 5): every slot offered is really free (booking it by
 * hand succeeds without an override), and what the school's calendar, an absence or a booking
 * blocks is not offered.
 */
import { assert, assertContract, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { freeSlotsAnswerSchema } from "../../common/contract/free_slots.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";
import { defaultPlannerSettings } from "../../common/contract/planner_settings.ts";
import { addDays, schoolDay } from "../../common/time.ts";

const t = await createTestApp("free_slots");
await insertUser(t.sql, { username: "chefin", role: "admin", first_name: "Clara" });
const joerg = await insertUser(t.sql, {
  username: "joerg",
  role: "instructor",
  first_name: "Jörg",
  last_name: "Barsmann",
});
const ingrid = await insertUser(t.sql, {
  username: "ingrid",
  role: "instructor",
  first_name: "Ingrid",
  last_name: "Auto",
});
const lena = await insertUser(t.sql, {
  username: "lena",
  role: "student",
  first_name: "Lena",
  last_name: "Offline",
});
const paul = await insertUser(t.sql, {
  username: "paul",
  role: "student",
  first_name: "Paul",
  last_name: "Becker",
});
await t
  .sql`insert into vehicles (name, transmission, is_active) values ('DO-FS 101', 'manual', true)`;
// Mornings only, so that a 90-minute drive has few places: instructors 08:00-12:00 Mon-Sat.
for (const id of [joerg, ingrid]) {
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${id}, 'work', d, '08:00', '12:00' from generate_series(1, 6) d
  `;
}
for (const id of [lena, paul]) {
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${id}, 'available', d, '08:00', '20:00' from generate_series(1, 6) d
  `;
}
// Monday 06.12.2027 the school is closed; Tuesday Ingrid is on vacation and Jörg teaches Paul
// 08:00-09:00.
await t.sql`insert into school_closing_days (name, start_date, end_date)
            values ('Betriebsausflug', '2027-12-06', '2027-12-06')`;
await t.sql`insert into vacation_periods (user_id, start_date, end_date, kind)
            values (${ingrid}, '2027-12-07', '2027-12-07', 'vacation')`;
await insertAppointment(t.sql, {
  student: paul,
  instructor: joerg,
  day: "2027-12-07",
  start: "08:00",
  minutes: 60,
});

const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

async function answerFor(query: string) {
  const res = await admin.get(`/api/admin/free-slots/?${query}`);
  const body = await res.json();
  assertEquals(res.status, 200, JSON.stringify(body));
  assertContract(freeSlotsAnswerSchema, body);
  return body as { searched_from: string; searched_until: string };
}

async function slotsFor(query: string) {
  return (await answerFor(query) as unknown as { slots: Slot[] }).slots;
}

interface Slot {
  date: string;
  start_time: string;
  end_time: string;
  duration_minutes: number;
  instructor_id: number;
  vehicle_id: number | null;
  others: { instructor_id: number; vehicle_id: number | null }[];
}

/** Every instructor a slot offers: its own first, then the other choices at that time. */
const offered = (s: Slot) => [s.instructor_id, ...s.others.map((o) => o.instructor_id)];

Deno.test("a 90-minute Überlandfahrt is offered only where 90 minutes are free for all", async () => {
  const slots = await slotsFor(`student=${lena}&kind=overland&from=2027-12-06`);
  assertEquals(slots.length, 10);
  assert(slots.every((s) => s.duration_minutes === 90 && s.end_time <= "12:00"));
  assert(!slots.some((s) => s.date === "2027-12-06"), "closing day offered");
  assert(
    !slots.some((s) => s.date === "2027-12-07" && s.instructor_id === ingrid),
    "absent instructor offered",
  );
  // The first place: Tuesday after Paul's lesson with Jörg, in time order from there.
  assertEquals([slots[0].date, slots[0].start_time, slots[0].instructor_id], [
    "2027-12-07",
    "09:00",
    joerg,
  ]);
  const order = slots.map((s) => `${s.date} ${s.start_time}`);
  assertEquals(order, [...order].sort());
  // Each offer can be booked as it is; it is deleted again before the next is tried.
  for (const s of slots) {
    const res = await admin.post("/api/admin/appointments/", {
      appointment_type: "overland",
      student_id: lena,
      instructor_id: s.instructor_id,
      vehicle_id: s.vehicle_id,
      date: s.date,
      start_time: s.start_time,
      duration_minutes: s.duration_minutes,
    });
    const body = await res.json();
    assertEquals(res.status, 201, JSON.stringify([s, body]));
    assertEquals((await admin.delete(`/api/admin/appointments/${body.id}/`)).status, 200);
  }
});

Deno.test("the same question gives the same answer; a booked day drops out for the student", async () => {
  const query = `student=${lena}&from=2027-12-06&limit=5`;
  const before = await slotsFor(query);
  assertEquals(await slotsFor(query), before);
  const id = await insertAppointment(t.sql, {
    student: lena,
    instructor: ingrid,
    day: before[0].date,
    start: "11:00",
    minutes: 60,
  });
  // One lesson a day for a student (the planner's rule): nothing more on that day.
  assert(!(await slotsFor(query)).some((s) => s.date === before[0].date));
  // A move leaves the lesson itself out of the collisions: its own day is offered again.
  assert((await slotsFor(`${query}&appointment=${id}`)).some((s) => s.date === before[0].date));
});

Deno.test("each time is offered once, with the other free instructors as choices at it", async () => {
  // A user walk saw eight lines of "Di 29.12. 13:30", one per instructor: an office wants the
  // next different times, and who else could drive then.
  const slots = await slotsFor(`student=${lena}&kind=overland&from=2027-12-06`);
  const times = slots.map((s) => `${s.date} ${s.start_time}`);
  assertEquals(times, [...new Set(times)]);
  // Wednesday 08:00 both are free: one line, Ingrid first (by name), Jörg as the other choice.
  const wednesday = slots.find((s) => s.date === "2027-12-08" && s.start_time === "08:00");
  assertEquals(wednesday && offered(wednesday), [ingrid, joerg]);
  // The other choice is bookable as offered, too.
  const other = wednesday!.others[0];
  const res = await admin.post("/api/admin/appointments/", {
    appointment_type: "overland",
    student_id: lena,
    instructor_id: other.instructor_id,
    vehicle_id: other.vehicle_id,
    date: wednesday!.date,
    start_time: wednesday!.start_time,
    duration_minutes: wednesday!.duration_minutes,
  });
  const body = await res.json();
  assertEquals(res.status, 201, JSON.stringify(body));
  assertEquals((await admin.delete(`/api/admin/appointments/${body.id}/`)).status, 200);
});

Deno.test("a move is not offered the lesson's own time as a free slot", async () => {
  const id = await insertAppointment(t.sql, {
    student: lena,
    instructor: joerg,
    day: "2027-12-14",
    start: "08:00",
    minutes: 90,
    type: "overland",
  });
  try {
    const slots = await slotsFor(`student=${lena}&kind=overland&from=2027-12-14&appointment=${id}`);
    assert(slots.length > 0);
    assert(
      !slots.some((s) => s.date === "2027-12-14" && s.start_time === "08:00"),
      "own slot offered",
    );
    // The rest of its day is free for it (it leaves its place), so later times that day are offered.
    assert(slots.some((s) => s.date === "2027-12-14" && s.start_time > "08:00"));
  } finally {
    await t.sql`delete from appointments where id = ${id}`;
  }
});

Deno.test("a search from a past day names the day it really starts from: today", async () => {
  const answer = await answerFor(`student=${lena}&from=2020-01-06&limit=1`);
  assertEquals(answer.searched_from, schoolDay());
  const later = await answerFor(`student=${lena}&from=2027-12-06&limit=1`);
  assertEquals(later.searched_from, "2027-12-06");
});

Deno.test("a wrong question answers in German", async () => {
  for (
    const [query, error] of [
      ["kind=overland", "Bitte einen Fahrschüler wählen."],
      [`student=${joerg}`, "Der gewählte Fahrschüler wurde nicht gefunden."],
      [`student=${lena}&kind=picknick`, "Bitte eine Terminart wählen."],
    ]
  ) {
    const res = await admin.get(`/api/admin/free-slots/?${query}`);
    assertEquals([res.status, (await res.json()).error], [400, error], query);
  }
});

Deno.test("an instructor at the school's weekly limit is not offered that week", async () => {
  const week = "2027-12-20";
  const before = await slotsFor(`student=${lena}&from=${week}&limit=20`);
  assert(before.some((s) => offered(s).includes(joerg) && s.date < "2027-12-27"));
  const [row] = await t.sql`select settings from planner_settings where id = 1`;
  const settings = structuredClone(row?.settings ?? defaultPlannerSettings);
  settings.hard.maxAppointmentsPerWeek = { enabled: true, value: 20 };
  await t.sql`insert into planner_settings (id, settings) values (1, ${t.sql.json(settings)})
              on conflict (id) do update set settings = excluded.settings`;
  // Twenty quarter hours with Paul, Monday to Friday afternoons (outside the mornings offered).
  for (let k = 0; k < 20; k++) {
    await insertAppointment(t.sql, {
      student: paul,
      instructor: joerg,
      day: addDays(week, k % 5),
      start: `${13 + Math.floor(k / 5)}:00`,
      minutes: 15,
    });
  }
  const after = await slotsFor(`student=${lena}&from=${week}&limit=20`);
  assert(!after.some((s) => offered(s).includes(joerg) && s.date < "2027-12-27"));
  assert(after.some((s) => offered(s).includes(ingrid) && s.date < "2027-12-27"));
});

Deno.test("an instructor without working hours is offered nothing, as the planner plans her nothing (decision 0021)", async () => {
  // The booking by hand lets the office give her any time; an offer is the planner's reading.
  const nora = await insertUser(t.sql, {
    username: "nora",
    role: "instructor",
    first_name: "Nora",
    last_name: "Ohnezeit",
  });
  const slots = await slotsFor(`student=${lena}&from=2028-01-10&limit=20`);
  assertEquals(slots.length, 20);
  assert(!slots.some((s) => offered(s).includes(nora)), "instructor without hours offered");
  await t.sql`update users set is_active = false where id = ${nora}`;
});

Deno.test("a time offers at most four other instructors beside its best one", async () => {
  // Each choice is checked as a booking is: a school of 100 instructors would otherwise check
  // (and show) 100 names per time.
  const extra: number[] = [];
  for (let k = 1; k <= 6; k++) {
    const id = await insertUser(t.sql, {
      username: `extra${k}`,
      role: "instructor",
      first_name: `Extra${k}`,
      last_name: "Lehrer",
    });
    await t.sql`
      insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
      select ${id}, 'work', d, '08:00', '12:00' from generate_series(1, 6) d
    `;
    extra.push(id);
  }
  const slots = await slotsFor(`student=${lena}&from=2028-02-07&limit=3`);
  assertEquals(slots.length, 3);
  // Eight instructors are free at the first time: the best one and four others.
  assertEquals(slots[0].others.length, 4);
  await t.sql`update users set is_active = false where id = any(${extra})`;
});
