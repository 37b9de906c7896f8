/**
 * A full run's lessons are a draft (pending) until the office publishes them; a new run replaces
 * an unpublished draft: its instance neither keeps the draft's lessons fixed nor counts them as
 * planned, and its write deletes them in the transaction that inserts the new ones.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";
import { insertAppointment } from "../../api/testing/insert_appointment.ts";
import { addDays, SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { buildInstance } from "./build_instance.ts";
import { type PlanResult, writePlan } from "./write_plan.ts";

const { sql } = await createTestDatabase("planner_plan_draft");
Deno.test.afterAll?.(() => sql.end({ timeout: 5 }));

const [{ tomorrow }] = await sql`
  select ((now() at time zone ${SCHOOL_TIME_ZONE})::date + 1)::text as tomorrow
`;
const day = (offset: number) => addDays(tomorrow, offset);
const teacher = await insertUser(sql, { username: "lehrer", role: "instructor" });
const student = await insertUser(sql, { username: "schueler", role: "student" });
const draftId = await insertAppointment(sql, {
  student,
  instructor: teacher,
  day: day(2),
  start: "09:00",
  minutes: 60,
  status: "pending",
});
await insertAppointment(sql, {
  student,
  instructor: teacher,
  day: day(3),
  start: "09:00",
  minutes: 60,
  status: "confirmed",
});

Deno.test("the instance keeps published lessons fixed and leaves the draft out", async () => {
  const built = await buildInstance(sql, { start: tomorrow });
  assertEquals(built.instance.fixed.map((f) => f.start), [`${day(3)}T09:00`]);
  // required 20, one published future lesson: the draft's lesson is still needed.
  const s = built.instance.students.find((x) => x.id === `S${student}`);
  assertEquals(s?.needs, { manual: 19, automatic: 0 });
  assertEquals(built.appointmentsBefore, 1);
});

Deno.test("a new run's plan is pending and replaces the earlier draft, even in its slot", async () => {
  const [job] = await sql`
    insert into planner_jobs (status, worker_id, started_at) values ('running', 'w1', now())
    returning id::int
  `;
  const plan: PlanResult = {
    // The earlier draft's very slot: it would collide if the draft stayed.
    appointments: [{
      student: `S${student}`,
      instructor: `I${teacher}`,
      start: `${day(2)}T09:00`,
      transmission: "manual",
    }],
    unplanned: [],
    stats: { lessons: 1, upperBound: 1 },
  };
  const outcome = await writePlan(sql, job.id, "w1", plan, {}, {
    totalVariables: 1,
    pendingLogLines: [],
  });
  assertEquals(outcome, "written");
  const rows = await sql`
    select id::int, status, planner_job_id::int as job from appointments order by starts_at
  `;
  assertEquals(rows.map((r) => [r.status, r.job]), [["pending", job.id], ["confirmed", null]]);
  assertEquals(rows.some((r) => r.id === draftId), false);
  const [done] = await sql`select activity_log from planner_jobs where id = ${job.id}`;
  assertEquals(
    done.activity_log.some((l: string) => l.includes("Vorheriger Entwurf ersetzt: 1")),
    true,
  );
});
