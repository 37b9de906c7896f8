import { z } from "zod";
import {
  absenceDateMessage,
  absenceEndDateMessage,
  absenceRangeProblem,
  isAbsenceDate,
} from "../absence_dates.ts";

/** One absence that hits an appointment, named for the admin (e.g. "Krankmeldung 24.11.–25.11.2026"). */
export const affectingAbsenceSchema = z.object({
  /** Whose absence: the lesson's student or its instructor. */
  role: z.enum(["student", "instructor"]),
  person_name: z.string(),
  kind: z.enum(["vacation", "sick", "day", "part_day", "ferien", "inactive"]),
  label: z.string(),
});

/** A future, non-cancelled appointment inside an absence of its student or instructor. */
export const affectedAppointmentSchema = z.object({
  id: z.number(),
  student_name: z.string(),
  instructor_name: z.string(),
  /** School wall-clock time 'YYYY-MM-DDTHH:MM' (Europe/Berlin). */
  start: z.string(),
  end: z.string(),
  transmission: z.enum(["manual", "automatic"]),
  absences: z.array(affectingAbsenceSchema),
});

/** GET /admin/affected-appointments/: what the dashboard banner shows. */
export const affectedAppointmentsSchema = z.object({
  count: z.number(),
  appointments: z.array(affectedAppointmentSchema),
});

/** A lesson a re-planning moved: old and new time and instructor (wall clock, as above). */
export const movedLessonSchema = z.object({
  appointment_id: z.number(),
  student_name: z.string(),
  old_start: z.string(),
  old_instructor_name: z.string(),
  new_start: z.string(),
  new_instructor_name: z.string(),
});

/** A lesson a re-planning could not place and cancelled, with the planner's German reason. */
export const cancelledLessonSchema = z.object({
  appointment_id: z.number(),
  student_name: z.string(),
  start: z.string(),
  instructor_name: z.string(),
  reason: z.string(),
});

/**
 * The outcome of a "Betroffene neu planen" run, as the progress call carries it. A finished run
 * is a proposal (`proposed`, issue 25.3): nothing is written until the office accepts it.
 */
export const replanOutcomeSchema = z.object({
  moved: z.array(movedLessonSchema),
  cancelled: z.array(cancelledLessonSchema),
  proposed: z.boolean().optional(),
});

/** POST /admin/replan-affected/{id}/accept/: the lessons the office leaves out of the proposal. */
export const replanAcceptSchema = z.object({
  exclude: z.array(z.number().int().positive(), { error: "Bitte gültige Termine angeben." })
    .max(5000).default([]),
});

export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;
export type AffectedAppointments = z.infer<typeof affectedAppointmentsSchema>;
export type AffectingAbsence = z.infer<typeof affectingAbsenceSchema>;
export type MovedLesson = z.infer<typeof movedLessonSchema>;
export type CancelledLesson = z.infer<typeof cancelledLessonSchema>;
export type ReplanOutcome = z.infer<typeof replanOutcomeSchema>;

/** An instructor's sick note as the instructor screen lists it (dates ISO). */
export const sickNoteSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  note: z.string(),
});

/** The answer of POST /admin/instructors/{id}/sick-note/. */
export const sickNoteCreatedSchema = z.object({
  message: z.string(),
  id: z.number(),
  /** Appointments inside the new sick note. */
  affected: z.number(),
});

export type SickNote = z.infer<typeof sickNoteSchema>;
export type SickNoteCreated = z.infer<typeof sickNoteCreatedSchema>;

/** GET /admin/instructors/{id}/sick-notes/ */
export const sickNoteListSchema = z.array(sickNoteSchema);

const absenceDay = (message: string) => z.string({ message }).refine(isAbsenceDate, message);

/** POST /admin/instructors/{id}/sick-note/: the days the instructor is ill, both included. */
export const sickNoteRequestSchema = z.object({
  from: absenceDay(absenceDateMessage),
  to: absenceDay(absenceEndDateMessage),
  note: z.string().trim().max(500, "Die Notiz darf höchstens 500 Zeichen lang sein.").optional(),
}).superRefine((b, ctx) => {
  // At most a year like every absence: a longer one is a typing slip (2027 for 2026).
  const problem = absenceRangeProblem(b.from, b.to);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["to"] });
});
export type SickNoteRequest = z.input<typeof sickNoteRequestSchema>;
