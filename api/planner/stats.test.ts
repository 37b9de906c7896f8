import { assertContract, assertEquals } from "../testing/assert.ts";
import { dashboardStatsSchema } from "../../common/contract/dashboard_stats.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import type { Utilization } from "../lib/instructor_utilization.ts";

const t = await createTestApp("stats");
// These figures count every day of the horizon: the school plans all seven (decision 0012).
await t.sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6,7}'`;
await insertUser(t.sql, { username: "chef", role: "admin" });

Deno.test.afterAll?.(() => t.close());

async function stats() {
  const client = t.client();
  await client.login("chef");
  const res = await client.get("/api/admin/stats/");
  assertEquals(res.status, 200);
  const body = await res.json();
  assertContract(dashboardStatsSchema, body);
  return body;
}

/** Berlin's today plus `days`, at the Berlin wall-clock `time`, as an instant. */
function at(days: number, time: string) {
  return t.sql`(((now() at time zone ${SCHOOL_TIME_ZONE})::date + ${days}::int) + ${time}::time)
                 at time zone ${SCHOOL_TIME_ZONE}`;
}

/** Berlin's today plus `days`, as a date. */
function day(days: number) {
  return t.sql`((now() at time zone ${SCHOOL_TIME_ZONE})::date + ${days}::int)`;
}

async function lesson(
  student: number,
  instructor: number,
  days: number,
  from: string,
  to: string,
  status = "confirmed",
) {
  await t.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
    values (${student}, ${instructor}, 'manual', ${at(days, from)}, ${at(days, to)}, ${status})
  `;
}

/** Each test starts with the admin alone and adds the people and lessons it counts. */
const clean = () => t.sql`delete from users where role <> 'admin'`;

/**
 * A school whose every figure is worked out by hand in the test below: seven active students,
 * four active instructors, one inactive of each, their working hours, and lessons inside and just
 * outside the planning horizon.
 */
async function seedSchool() {
  const person = (username: string, role: "student" | "instructor", first = "", last = "") =>
    insertUser(t.sql, { username, role, first_name: first, last_name: last });
  const s = [];
  for (let k = 1; k <= 7; k++) s.push(await person(`s${k}`, "student", `S${k}`, "Schüler"));
  const [s1, s2, s3, s4, s5, s6, s7] = s;
  const s8 = await person("s8", "student"); // inactive: left out everywhere
  const anna = await person("anna.berg", "instructor", "Anna", "Berg");
  const bernd = await person("bernd.ost", "instructor", "Bernd", "Ost");
  const carla = await person("carla.dorn", "instructor", "Carla", "Dorn");
  const gone = await person("dieter.alt", "instructor", "Dieter", "Alt"); // inactive
  const emil = await person("emil.fuchs", "instructor", "Emil", "Fuchs"); // no working hours
  await t.sql`update users set is_active = false where id in (${s8}, ${gone})`;
  void s1;

  // Anna: 07:30-12:00 every day = the whole hours 8, 9, 10, 11; the every-day break 10:00-10:30
  // takes hour 10, the break on the weekday of day +5 takes hour 11 on days 5, 12, 19, 26.
  // Vacation on days 1-3 and a full-day absence on day 10 take those days; a partial absence
  // takes nothing. 26 days * 3 hours - 4 = 74 hours.
  for (let dow = 1; dow <= 7; dow++) {
    await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                end_time) values (${anna}, 'work', ${dow}, '07:30', '12:00')`;
  }
  await t.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${anna}, 'break', null, '10:00', '10:30'),
           (${anna}, 'break', extract(isodow from ${day(5)})::int, '11:00', '12:00')
  `;
  await t.sql`insert into vacation_periods (user_id, start_date, end_date)
              values (${anna}, ${day(1)}, ${day(3)})`;
  await t.sql`
    insert into special_dates (user_id, date, is_unavailable, start_time, end_time)
    values (${anna}, ${day(10)}, true, null, null), (${anna}, ${day(12)}, false, '08:00', '10:00')
  `;
  // Bernd: no 'work' rows, so his self-service grid counts: 10:00-11:00 every day = 30 hours. A
  // recurring block is not subtracted.
  for (let dow = 1; dow <= 7; dow++) {
    await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                end_time) values (${bernd}, 'available', ${dow}, '10:00', '11:00')`;
  }
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
              end_time) values (${bernd}, 'unavailable', 1, '10:00', '11:00')`;
  await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
              end_time) values (${carla}, 'work', 1, '08:00', '16:00')`;

  // Anna: 11 lessons with s6 (one of 90 minutes) = 11.5 h of 74 -> 15.5 %.
  await lesson(s6, anna, 4, "14:00", "15:30");
  for (let d = 5; d <= 14; d++) await lesson(s6, anna, d, "14:00", "15:00");
  // Bernd: 10 lessons = 10 h of 30 -> 33.3 %; s3's first starts at the horizon's first minute.
  for (let d = 1; d <= 5; d++) await lesson(s5, bernd, d, "16:00", "17:00");
  for (let d = 6; d <= 8; d++) await lesson(s4, bernd, d, "16:00", "17:00");
  await lesson(s3, bernd, 1, "00:00", "01:00");
  await lesson(s3, bernd, 9, "16:00", "17:00");
  // Emil: one lesson on the horizon's last evening and no working hours -> 100 %.
  await lesson(s2, emil, 30, "22:30", "23:30");
  // Outside: today, the first minute after the horizon, cancelled, inactive people.
  await lesson(s7, anna, 0, "23:00", "23:59");
  await lesson(s7, bernd, 31, "00:00", "01:00");
  await lesson(s7, anna, 5, "09:00", "10:00", "cancelled");
  await lesson(s8, gone, 3, "12:00", "13:00");
}

Deno.test("students and instructors get 403", async () => {
  await clean();
  await insertUser(t.sql, { username: "lehrer", role: "instructor" });
  await insertUser(t.sql, { username: "schueler", role: "student" });
  for (const username of ["lehrer", "schueler"]) {
    const client = t.client();
    await client.login(username);
    assertEquals((await client.get("/api/admin/stats/")).status, 403, username);
  }
  await t.sql`delete from users where username in ('lehrer', 'schueler')`;
});

Deno.test("a school without people answers zeros, not nulls", async () => {
  await clean();
  const s = await stats();
  assertEquals(s.fairness, {
    distribution: { "0-20%": 0, "21-40%": 0, "41-60%": 0, "61-80%": 0, "81-100%": 0 },
    students_without_need: 0,
    students_with_appointments: 0,
    students_with_appointments_percent: 0,
    students_without_appointments: 0,
    students_without_appointments_percent: 0,
    avg_appointments_total: 0,
    avg_appointments_with_appointments: 0,
    fairness_score: 0,
  });
  assertEquals(s.instructor_workload.min_appointments, 0);
  assertEquals(s.instructor_workload.avg_utilization_percent, 0);
  assertEquals(s.instructor_workload.top_instructors, []);
  assertEquals(s.instructor_workload.top_instructors_by_utilization, []);
});

Deno.test("every figure of fairness and workload, counted in the planning horizon", async () => {
  await clean();
  await seedSchool();

  const result = await stats();
  const [{ n: availabilities }] = await t.sql`select count(*)::int as n from availabilities`;
  assertEquals(result.students, 7);
  assertEquals(result.instructors, 4);
  assertEquals(result.appointments, 25);
  assertEquals(result.availabilities, availabilities);

  // Students' lessons in the horizon: 0, 1, 2, 3, 5, 12 (s6's lesson of 90 minutes is a double
  // lesson, two Fahrstunden as student_training_counts counts), 0 -> mean 23/7, population
  // variance 183/7 - (23/7)^2 = 15.3469, standard deviation 3.9175.
  assertEquals(result.fairness, {
    // Each needs class B's 20 hours: shares 0, 5, 10, 15, 25, 60 and 0 % (more below).
    distribution: { "0-20%": 5, "21-40%": 1, "41-60%": 1, "61-80%": 0, "81-100%": 0 },
    students_without_need: 0,
    students_with_appointments: 5,
    students_with_appointments_percent: 71.4,
    students_without_appointments: 2,
    students_without_appointments_percent: 28.6,
    avg_appointments_total: 3.29,
    avg_appointments_with_appointments: 4.6,
    fairness_score: 3.92,
  });

  // Instructors' Fahrstunden: Anna 12 (11 lessons, one of them a double lesson of 90 minutes, two
  // Fahrstunden as for the students), Bernd 10, Carla 0, Emil 1 (the 10/11 bucket edge).
  assertEquals(result.instructor_workload, {
    distribution: { "0": 1, "1-10": 2, "11-20": 1, "21-30": 0, "31-40": 0, "41+": 0 },
    instructors_with_appointments: 3,
    instructors_with_appointments_percent: 75,
    instructors_without_appointments: 1,
    instructors_without_appointments_percent: 25,
    avg_appointments_total: 5.75,
    avg_appointments_with_appointments: 7.67,
    min_appointments: 0,
    max_appointments: 12,
    top_instructors: [
      { first_name: "Anna", last_name: "Berg", username: "anna.berg", appointments_count: 12 },
      { first_name: "Bernd", last_name: "Ost", username: "bernd.ost", appointments_count: 10 },
      { first_name: "Emil", last_name: "Fuchs", username: "emil.fuchs", appointments_count: 1 },
    ],
    // (15.5 + 33.3 + 0 + 100) / 4
    avg_utilization_percent: 37.2,
    utilization_distribution: {
      "0%": 1,
      "1-20%": 1,
      "21-40%": 1,
      "41-60%": 0,
      "61-80%": 0,
      "81-100%": 1,
    },
    top_instructors_by_utilization: [
      {
        first_name: "Emil",
        last_name: "Fuchs",
        username: "emil.fuchs",
        utilization_percent: 100,
        appointments_count: 1,
      },
      {
        first_name: "Bernd",
        last_name: "Ost",
        username: "bernd.ost",
        utilization_percent: 33.3,
        appointments_count: 10,
      },
      {
        first_name: "Anna",
        last_name: "Berg",
        username: "anna.berg",
        utilization_percent: 15.5,
        appointments_count: 12,
      },
    ],
  });
});

Deno.test("the top lists keep five, and the upper buckets fill", async () => {
  await clean();
  await seedSchool();
  // Six more instructors with 41, 40, 31, 30, 21 and 20 lessons, each with its own student, all on
  // 1-hour grids of 60 hours (10:00-12:00 every day): utilization = lessons / 60.
  const counts = [41, 40, 31, 30, 21, 20];
  for (const [k, n] of counts.entries()) {
    const teacher = await insertUser(t.sql, {
      username: `extra${k}`,
      role: "instructor",
      first_name: `Extra${k}`,
      last_name: "Lehrer",
    });
    const student = await insertUser(t.sql, { username: `x${k}`, role: "student" });
    await t.sql`
      insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
      select ${teacher}, 'work', dow, '10:00', '12:00' from generate_series(1, 7) dow
    `;
    await t.sql`
      insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
      select ${student}, ${teacher}, 'manual', ${at(1, "06:00")} + i * interval '1 hour',
             ${at(1, "07:00")} + i * interval '1 hour'
        from generate_series(0, ${n - 1}::int) i
    `;
  }
  const w = (await stats()).instructor_workload;
  assertEquals(w.distribution, {
    "0": 1,
    "1-10": 2,
    "11-20": 2,
    "21-30": 2,
    "31-40": 2,
    "41+": 1,
  });
  // 41/60 = 68.3, 40/60 = 66.7, 31/60 = 51.7, 30/60 = 50, 21/60 = 35, 20/60 = 33.3.
  assertEquals(w.utilization_distribution, {
    "0%": 1,
    "1-20%": 1,
    "21-40%": 3,
    "41-60%": 2,
    "61-80%": 2,
    "81-100%": 1,
  });
  assertEquals(
    w.top_instructors.map((i: { username: string }) => i.username),
    ["extra0", "extra1", "extra2", "extra3", "extra4"],
  );
  assertEquals(
    w.top_instructors_by_utilization.map((i: { utilization_percent: number }) =>
      i.utilization_percent
    ),
    [100, 68.3, 66.7, 51.7, 50],
  );
  assertEquals(w.max_appointments, 41);
  assertEquals(w.min_appointments, 0);
});

Deno.test("the instructors list shows each instructor's utilization exactly as the dashboard", async () => {
  await clean();
  await seedSchool();
  const client = t.client();
  await client.login("chef");
  const res = await client.get("/api/admin/users/?role=instructor&page_size=100");
  assertEquals(res.status, 200);
  const rows: {
    username: string;
    is_active: boolean;
    utilization: Utilization | null;
  }[] = (await res.json()).results;
  const fromList = new Map(rows.map((r) => [r.username, r.utilization]));

  const dashboard = (await stats()).instructor_workload;
  const fromDashboard = new Map<string, number>(
    dashboard.top_instructors_by_utilization.map((
      r: { username: string; utilization_percent: number },
    ) => [r.username, r.utilization_percent]),
  );
  // Every instructor the dashboard ranks has the same figure in the list (Emil 100, Bernd 33.3,
  // Anna 15.5), with the hours behind it.
  assertEquals(fromDashboard.size, 3);
  for (const [username, percent] of fromDashboard) {
    assertEquals(fromList.get(username)?.percent, percent, username);
  }
  assertEquals(fromList.get("anna.berg"), {
    percent: 15.5,
    planned_hours: 11.5,
    available_hours: 74,
    appointments: 12, // Fahrstunden: the lesson of 90 minutes is two
  });
  assertEquals(fromList.get("bernd.ost"), {
    percent: 33.3,
    planned_hours: 10,
    available_hours: 30,
    appointments: 10,
  });
  // Carla has working hours but nothing planned: 0 in both.
  assertEquals(fromList.get("carla.dorn")?.percent, 0);
  assertEquals(dashboard.utilization_distribution["0%"], 1);
  // The dashboard's average is the mean of the active instructors' figures in the list.
  const active = rows.filter((r) => r.is_active).map((r) => r.utilization!.percent);
  assertEquals(
    dashboard.avg_utilization_percent,
    Math.round(active.reduce((a, b) => a + b, 0) / active.length * 10) / 10,
  );
});

Deno.test("the fairness chart counts each student's share of their need (issue 25, point 11)", async () => {
  await clean();
  const teacher = await insertUser(t.sql, { username: "lehrer.l", role: "instructor" });
  // [required manual, completed manual, lessons in the horizon] -> share of the open need.
  const students: [number, number, number][] = [
    [10, 0, 1], // 10 % -> 0-20 %
    [10, 0, 0], // 0 % -> 0-20 %
    [10, 5, 2], // 2 of 5 = 40 % -> 21-40 %
    [4, 0, 2], // 50 % -> 41-60 %
    [20, 0, 14], // 70 % -> 61-80 %
    [3, 0, 5], // more than needed counts as 100 % -> 81-100 %
    [0, 0, 0], // nothing left to drive: in no bucket
  ];
  let slot = 0;
  for (const [k, [required, completed, lessons]] of students.entries()) {
    const id = await insertUser(t.sql, { username: `bedarf${k}`, role: "student" });
    await t.sql`update student_profiles set required_manual_hours = ${required},
                completed_manual_hours = ${completed} where user_id = ${id}`;
    for (let n = 0; n < lessons; n++, slot++) {
      const hour = 8 + (slot % 10);
      await lesson(id, teacher, 1 + Math.floor(slot / 10), `${hour}:00`, `${hour}:45`);
    }
  }
  const { fairness } = await stats();
  assertEquals(fairness.distribution, {
    "0-20%": 2,
    "21-40%": 1,
    "41-60%": 1,
    "61-80%": 1,
    "81-100%": 1,
  });
  assertEquals(fairness.students_without_need, 1);
});
