/** Writes a finished plan back: all appointments and the job's statistics in one transaction. */
import type { Db, Sql } from "../../db/connection.ts";
import type { BuiltInstance } from "./build_instance.ts";
import { logLine } from "./jobs.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { recordAudit } from "../../db/audit_log.ts";
import { examsAtRisk } from "./exams_at_risk.ts";
import { DRAFT_STATUS, dropEarlierDraft } from "./plan_draft.ts";

/** The planner's answer as far as the worker reads it. */
export interface PlanResult {
  appointments: {
    student: string;
    instructor: string;
    vehicle?: string;
    start: string;
    /** Version 2: the end and the kind (absent: one hour, a driving lesson). */
    end?: string;
    transmission: string;
    kind?: string;
  }[];
  unplanned: {
    student: string;
    transmission: string;
    kind?: string;
    missing: number;
    reason: string;
  }[];
  stats: {
    lessons: number;
    upperBound: number;
    /** true when the time limit cut a search short (the plan is valid, but not the searched one). */
    timeLimitHit?: boolean;
    instructorsPerMonth?: number;
    minInstructorShare?: number;
    maxInstructorShare?: number;
    [key: string]: unknown;
  };
  /** Per student the regular instructor (Stammfahrlehrer); absent in older results. */
  continuity?: {
    student: string;
    regularInstructor: string | null;
    regularShare: number;
    instructorsPerMonth: number;
  }[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const idOf = (prefixed: string) => Number(prefixed.slice(1));

/**
 * The statistics of a run, as planner_jobs.result and the progress call carry them.
 * `plannerSeconds` comes from the run's timing report (the plan itself holds no elapsed time).
 */
export function runStatistics(
  built: BuiltInstance,
  plan: PlanResult,
  totalIntervals: number,
  startedAt: number,
  plannerSeconds = 0,
) {
  const created = plan.appointments.length;
  const before = built.appointmentsBefore;
  // A limited run's bystanders are no part of it (build_instance: onlyPeople).
  const planned = (id: string) => !built.bystanders?.has(id);
  const students = built.instance.students.filter((s) => planned(s.id));
  const served = new Set([...built.studentsWithFixed, ...plan.appointments.map((a) => a.student)]);
  const withAppointments = students.filter((s) => served.has(s.id)).length;
  const instructors = built.instance.instructors.filter((i) => planned(i.id)).length;
  const upperBound = plan.stats.upperBound;
  return {
    appointments_created: created,
    appointments_before: before,
    improvement_percent: before > 0 ? round1((created / before) * 100) : 0,
    // New lessons relative to the most the rules allow for this data (the planner's upper bound).
    coverage_percent: upperBound > 0 ? round1((plan.stats.lessons / upperBound) * 100) : 100,
    total_intervals: totalIntervals,
    students_total: students.length,
    students_active: built.activeStudents ?? students.length,
    students_with_appointments: withAppointments,
    students_coverage_percent: students.length
      ? round1((withAppointments / students.length) * 100)
      : 0,
    instructors_total: instructors,
    avg_appointments_per_instructor: instructors ? round1((before + created) / instructors) : 0,
    planning_horizon_days: built.instance.days,
    duration_minutes: Math.round(((Date.now() - startedAt) / 60000) * 100) / 100,
    upper_bound: upperBound,
    lessons: plan.stats.lessons,
    planner_seconds: plannerSeconds,
    time_limit_hit: plan.stats.timeLimitHit === true,
    instructors_per_month: round2(plan.stats.instructorsPerMonth ?? 0),
    min_instructor_share_percent: round1((plan.stats.minInstructorShare ?? 0) * 100),
    max_instructor_share_percent: round1((plan.stats.maxInstructorShare ?? 0) * 100),
    regular_instructors: (plan.continuity ?? [])
      .filter((c) => c.regularInstructor !== null)
      .map((c) => ({
        student_name: built.studentNames.get(c.student) ?? c.student,
        instructor_name: built.instructorNames.get(c.regularInstructor!) ?? c.regularInstructor!,
        share_percent: round1(c.regularShare * 100),
        instructors_per_month: round2(c.instructorsPerMonth),
      }))
      .sort((a, b) => a.student_name.localeCompare(b.student_name, "de")),
    unplanned: [
      ...plan.unplanned.map((u) => ({
        ...u,
        student_name: built.studentNames.get(u.student) ?? u.student,
      })),
      ...notReleasedLines(built),
    ],
    exams_at_risk: examsAtRisk(built.instance.students, plan.unplanned, built.studentNames),
  };
}

/** The German reason for special drives not planned because the student is not released. */
export const NOT_RELEASED_REASON = "Sonderfahrten noch nicht freigegeben";

/** One line per kind of special drive a student not released still has open. */
function notReleasedLines(built: BuiltInstance) {
  return (built.notReleased ?? []).map((n) => ({
    student: n.student,
    transmission: n.transmission,
    kind: n.kind,
    missing: n.missing,
    reason: NOT_RELEASED_REASON,
    student_name: built.studentNames.get(n.student) ?? n.student,
  }));
}

const lessonsWord = (n: number) => `${n} ${n === 1 ? "Fahrstunde" : "Fahrstunden"}`;

type PlannedLesson = PlanResult["appointments"][number];

/** The lessons of people, vehicles deleted during the run, and the German sentence saying so. */
interface Skipped {
  appointments: number;
  students: Set<string>;
  message: string;
}

/**
 * Leaves out the lessons whose student, instructor or vehicle was deleted while the planner ran
 * (issue 24: one delete failed the whole run with "interner Fehler" on the foreign key). The rest
 * are locked `for key share`, so a delete that starts now waits for this write instead.
 */
async function withoutDeleted(
  tx: Db,
  lessons: PlannedLesson[],
): Promise<{ kept: PlannedLesson[]; skipped?: Skipped }> {
  const people = [...new Set(lessons.flatMap((x) => [idOf(x.student), idOf(x.instructor)]))];
  const vehicles = [...new Set(lessons.flatMap((x) => (x.vehicle ? [idOf(x.vehicle)] : [])))];
  const [usersLeft, vehiclesLeft] = [
    new Set(
      (await tx<{ id: number }[]>`
        select id::int from users where id = any(${people}::bigint[]) for key share
      `).map((r) => r.id),
    ),
    new Set(
      (await tx<{ id: number }[]>`
        select id::int from vehicles where id = any(${vehicles}::bigint[]) for key share
      `).map((r) => r.id),
    ),
  ];
  const gone = {
    student: new Set<string>(),
    instructor: new Set<string>(),
    vehicle: new Set<string>(),
  };
  const kept = lessons.filter((x) => {
    const student = usersLeft.has(idOf(x.student));
    const instructor = usersLeft.has(idOf(x.instructor));
    const vehicle = !x.vehicle || vehiclesLeft.has(idOf(x.vehicle));
    if (!student) gone.student.add(x.student);
    if (!instructor) gone.instructor.add(x.instructor);
    if (!vehicle) gone.vehicle.add(x.vehicle!);
    return student && instructor && vehicle;
  });
  const skipped = lessons.length - kept.length;
  if (skipped === 0) return { kept };
  const what = [
    [gone.student.size, "Fahrschüler", "Fahrschüler"],
    [gone.instructor.size, "Fahrlehrer", "Fahrlehrer"],
    [gone.vehicle.size, "Fahrzeug", "Fahrzeuge"],
  ].filter(([n]) => (n as number) > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const total = gone.student.size + gone.instructor.size + gone.vehicle.size;
  return {
    kept,
    skipped: {
      appointments: skipped,
      students: gone.student,
      message: `${lessonsWord(skipped)} übersprungen: ${what.join(", ")} ${
        total === 1 ? "wurde" : "wurden"
      } während der Planung gelöscht`,
    },
  };
}

/**
 * Inserts every new appointment and completes the job, or writes nothing at all: the job row is
 * locked first, and if it was cancelled or taken over by another worker meanwhile, the
 * transaction ends without a write. The exclusion constraints refuse any double booking.
 */
export async function writePlan(
  sql: Sql,
  jobId: number,
  workerId: string,
  plan: PlanResult,
  result: Record<string, unknown>,
  progress: { totalVariables: number; pendingLogLines: string[] },
  /** A run limited to these people (the test data): only their draft is replaced. */
  scope: number[] | null = null,
): Promise<"written" | "lost"> {
  return await sql.begin(async (tx) => {
    const [job] = await tx`
      select 1 from planner_jobs
       where id = ${jobId} and worker_id = ${workerId} and status = 'running'
         and not cancel_requested
         for update
    `;
    if (!job) return "lost" as const;
    // The new lessons are a draft (pending) until the office publishes them; they replace an
    // earlier unpublished draft.
    const replaced = await dropEarlierDraft(tx, scope);
    // A limited run writes lessons of its own people only (bystanders have no hours anyway).
    const ours = scope === null
      ? plan.appointments
      : plan.appointments.filter((x) =>
        scope.includes(idOf(x.student)) && scope.includes(idOf(x.instructor))
      );
    const { kept: a, skipped } = await withoutDeleted(tx, ours);
    if (skipped) {
      result = {
        ...result,
        appointments_created: a.length,
        skipped_deleted: { appointments: skipped.appointments, message: skipped.message },
        unplanned: ((result.unplanned ?? []) as { student: string }[])
          .filter((u) => !skipped.students.has(u.student)),
      };
    }
    if (a.length > 0) {
      await tx`
        insert into appointments
          (student_id, instructor_id, vehicle_id, transmission, starts_at, ends_at, status,
           planner_job_id, appointment_type)
        select s, i, v, t,
               wall at time zone ${SCHOOL_TIME_ZONE},
               coalesce(wall_end, wall + interval '1 hour') at time zone ${SCHOOL_TIME_ZONE},
               ${DRAFT_STATUS}, ${jobId}, coalesce(kind, 'driving_lesson')
          from unnest(${a.map((x) => idOf(x.student))}::bigint[],
                      ${a.map((x) => idOf(x.instructor))}::bigint[],
                      ${a.map((x) => (x.vehicle ? idOf(x.vehicle) : null))}::bigint[],
                      ${a.map((x) => x.transmission)}::text[],
                      ${a.map((x) => x.start)}::timestamp[],
                      ${a.map((x) => x.end ?? null)}::timestamp[],
                      ${a.map((x) => x.kind ?? null)}::text[])
            as n(s, i, v, t, wall, wall_end, kind)
      `;
    }
    await tx`
      update planner_jobs
         set status = 'completed', progress_percent = 100, current_step = 'Fertig',
             total_variables = ${progress.totalVariables},
             processed_variables = ${progress.totalVariables},
             finished_at = now(), heartbeat_at = now(), result = ${tx.json(result as never)},
             activity_log = activity_log || ${
      tx.json([
        ...progress.pendingLogLines,
        ...(replaced > 0
          ? [logLine(`Vorheriger Entwurf ersetzt: ${replaced} unveröffentlichte Termine verworfen`)]
          : []),
        ...(skipped ? [logLine(skipped.message)] : []),
        logLine(`Planung abgeschlossen: ${a.length} Termine erstellt`),
      ])
    }
       where id = ${jobId}
    `;
    await recordAudit(
      tx,
      null,
      "planner.completed",
      `Planung abgeschlossen: ${lessonsWord(a.length)} geplant` +
        (skipped ? `; ${skipped.message}` : ""),
      {
        job_id: jobId,
        appointments: a.length,
        replaced_draft: replaced,
        skipped_deleted: skipped?.appointments ?? 0,
      },
    );
    return "written" as const;
  });
}
