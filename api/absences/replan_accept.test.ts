/**
 * "Vorschlag übernehmen" (issue 25, point 3): a re-planning's proposal writes nothing; the office
 * accepts it without the lessons it leaves out, once; a proposal overtaken by a change is refused.
 * The proposal is written by the worker's own function (writeReplanProposal) on a running job.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { writeReplanProposal } from "../../db/replan_writes.ts";
import type { AffectedLesson, ReplanChanges } from "../../common/replan_types.ts";

const t = await createTestApp("replan_accept");
await insertUser(t.sql, { username: "chefin", role: "admin", first_name: "Clara" });
const joerg = await insertUser(t.sql, {
  username: "joerg",
  role: "instructor",
  first_name: "Jörg",
  last_name: "Barsmann",
});
const students = await Promise.all(
  ["lena", "paul"].map((username) =>
    insertUser(t.sql, { username, role: "student", first_name: username })
  ),
);
const admin = t.client();
await admin.login("chefin");

Deno.test.afterAll?.(() => t.close());

async function at(id: number) {
  const [row] = await t.sql`
    select to_char(starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') as start,
           status from appointments where id = ${id}`;
  return row;
}

/** Two lessons on `day` at 10:00 and 11:00, and a finished re-planning proposing the next day. */
async function propose(day: string, next: string) {
  const ids = await Promise.all(students.map((student, k) =>
    insertAppointment(t.sql, {
      student,
      instructor: joerg,
      day,
      start: `1${k}:00`,
      minutes: 60,
    })
  ));
  const lessons: AffectedLesson[] = ids.map((id, k) => ({
    id,
    studentId: students[k],
    instructorId: joerg,
    vehicleId: null,
    transmission: "manual",
    status: "confirmed",
    start: `${day}T1${k}:00`,
    end: `${day}T1${k + 1}:00`,
    studentName: ["lena", "paul"][k],
    instructorName: "Jörg Barsmann",
  }));
  const changes: ReplanChanges = {
    moves: lessons.map((l, k) => ({
      appointment_id: l.id,
      student_name: l.studentName,
      old_start: l.start,
      old_instructor_name: l.instructorName,
      new_start: `${next}T1${k}:00`,
      new_instructor_name: l.instructorName,
      instructor_id: joerg,
      vehicle_id: null,
      status: "confirmed",
    })),
    cancels: [],
  };
  const [{ id: jobId }] = await t.sql`
    insert into planner_jobs (kind, status, worker_id) values ('replan_affected', 'running', 'w1')
    returning id::int`;
  const written = await writeReplanProposal(
    t.sql,
    jobId,
    "w1",
    { lessons, instructorNames: new Map() },
    changes,
    {},
    { totalVariables: 0, pendingLogLines: [] },
  );
  assertEquals(written, "written");
  return { jobId, ids };
}

Deno.test("propose, leave one lesson out, accept: only the others move, and only once", async () => {
  const { jobId, ids: [lena, paul] } = await propose("2027-12-08", "2027-12-09");
  // The proposal wrote nothing.
  assertEquals(await at(lena), { start: "2027-12-08T10:00", status: "confirmed" });
  assertEquals(await at(paul), { start: "2027-12-08T11:00", status: "confirmed" });
  const progress = await (await admin.get("/api/admin/planner-progress/")).json();
  assertEquals([progress.replan.proposed, progress.replan.moved.length], [true, 2]);

  const res = await admin.post(`/api/admin/replan-affected/${jobId}/accept/`, { exclude: [lena] });
  const body = await res.json();
  assertEquals(res.status, 200, JSON.stringify(body));
  assertEquals(body.moved.map((m: { appointment_id: number }) => m.appointment_id), [paul]);
  assertEquals(await at(lena), { start: "2027-12-08T10:00", status: "confirmed" });
  assertEquals(await at(paul), { start: "2027-12-09T11:00", status: "confirmed" });
  const [audit] = await t.sql`
    select summary from audit_log where action = 'planner.replan_completed' order by id desc`;
  assertEquals(audit.summary, "Neuplanung abgeschlossen: 1 Termin verlegt, 0 storniert");

  const again = await admin.post(`/api/admin/replan-affected/${jobId}/accept/`, {});
  assertEquals([again.status, (await again.json()).error], [
    409,
    "Dieser Vorschlag wurde bereits übernommen.",
  ]);
});

Deno.test("a proposal overtaken by a change by hand is refused and writes nothing", async () => {
  const { jobId, ids: [lena, paul] } = await propose("2027-12-15", "2027-12-16");
  await t.sql`update appointments set starts_at = starts_at + interval '2 hours',
                                      ends_at = ends_at + interval '2 hours' where id = ${lena}`;
  const res = await admin.post(`/api/admin/replan-affected/${jobId}/accept/`, {});
  assertEquals([res.status, (await res.json()).error], [
    409,
    "Die betroffenen Termine wurden inzwischen geändert. Bitte starten Sie die Neuplanung erneut.",
  ]);
  assertEquals(await at(paul), { start: "2027-12-15T11:00", status: "confirmed" });
});

Deno.test("accepting something that is no re-planning answers 404 in German", async () => {
  const res = await admin.post("/api/admin/replan-affected/999999/accept/", {});
  assertEquals(res.status, 404);
});
