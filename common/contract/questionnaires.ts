/**
 * The questionnaire of issue 10 (spec 01 §3, §4, §7; spec 02 "Public student questionnaire"):
 * the submit payload, the answers as stored and shown to the admin, and the answers of the admin
 * and public calls. The form's fixed values and derived fields are in common/questionnaire_rules.ts.
 */
import { z } from "zod";

import { maxFreePeriods } from "../questionnaire_rules.ts";

const period = z.object({ start: z.string(), end: z.string() });
const yesNo = z.enum(["ja", "nein"]);

/** One school day as stored: times as "HH:MM" or "" when not given. */
export const scheduleDaySchema = z.object({
  day_of_week: z.number().int().min(1).max(5),
  school_start: z.string(),
  school_end: z.string(),
  arrival_time: z.string(),
  free_periods: z.array(period).max(maxFreePeriods),
});

/** The derived weekly availability (arrival to 20:00) and vacations, as spec 02 §3 sends them. */
export const availabilitiesDataSchema = z.object({
  availabilities: z.array(z.object({
    day_of_week: z.number().int(),
    start_time: z.string(),
    end_time: z.string(),
  })),
  vacation_periods: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
  available_in_holidays: yesNo,
});

/**
 * The answers as the server stores them after its checks, in the submit payload's own shape: the
 * admin's details and edit read them back into the public form.
 */
export const storedAnswersSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** "" or YYYY-MM-DD */
  birth_date: z.string(),
  school_name: z.string(),
  start_location: z.string(),
  notes: z.string(),
  available_in_holidays: yesNo,
  /** "B" unless the admin set another class */
  license_class: z.string(),
  vacation_periods: z.array(period),
  school_schedule_data: z.object({ school_schedule: z.array(scheduleDaySchema) }),
  availabilities_data: availabilitiesDataSchema,
});

export type ScheduleDay = z.infer<typeof scheduleDaySchema>;
export type StoredAnswers = z.infer<typeof storedAnswersSchema>;

/**
 * POST /api/fragebogen/{token}/ (spec 02 §3) and the admin's PUT: what the form sends, the
 * licence class included (issue 25, point 13; before, an approved student silently became B). Empty times are null; the server fills no defaults into a day sent.
 */
export interface QuestionnairePayload {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date: string | null;
  school_name: string;
  start_location: string;
  notes: string;
  available_in_holidays: "ja" | "nein";
  license_class?: string;
  vacation_periods: { start: string; end: string }[];
  school_schedule_data: {
    school_schedule: {
      day_of_week: number;
      school_start: string | null;
      school_end: string | null;
      arrival_time: string | null;
      free_periods: { start: string; end: string }[];
    }[];
  };
  availabilities_data: z.infer<typeof availabilitiesDataSchema>;
}

/** The states of a link (spec 01 §4); `expired` is a pending link past its 30 days. */
export const questionnaireStatuses = ["pending", "expired", "submitted", "approved"] as const;
export type QuestionnaireStatus = (typeof questionnaireStatuses)[number];

/** A questionnaire as the admin calls answer it; `answers` only in the details. */
export const adminQuestionnaireSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(questionnaireStatuses),
  status_display: z.string(),
  /** the absolute public link, `<origin>/fragebogen/<token>` */
  questionnaire_url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  student_id: z.number().nullable(),
  /** null until submitted */
  answers: storedAnswersSchema.nullable().optional(),
});
export type AdminQuestionnaire = z.infer<typeof adminQuestionnaireSchema>;

/** POST /api/admin/questionnaires/create/: the person a link is made for. */
export interface NewQuestionnaire {
  first_name: string;
  last_name: string;
  email: string;
}

/** GET /api/admin/questionnaires/ */
export const questionnaireListSchema = z.object({ results: z.array(adminQuestionnaireSchema) });
export type QuestionnaireList = z.infer<typeof questionnaireListSchema>;
/** GET /api/admin/questionnaires/{id}/ and POST …/create/ */
export const questionnaireAnswerSchema = z.object({ questionnaire: adminQuestionnaireSchema });
/** PUT /api/admin/questionnaires/{id}/ */
export const questionnaireSavedSchema = questionnaireAnswerSchema.extend({ message: z.string() });

/** POST /api/admin/questionnaires/{id}/approve/: the new student's sign-in, shown once. */
export const approvalSchema = z.object({
  message: z.string(),
  username: z.string(),
  password: z.string(),
  student_id: z.number(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /api/fragebogen/{token}/: the status, and for an open link the name the office typed. */
export const publicQuestionnaireSchema = z.object({
  status: z.enum(questionnaireStatuses),
  status_display: z.string(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  expires_at: z.string().optional(),
  /** the tutorial's example link: checks like a real one, stores nothing */
  demo: z.boolean().optional(),
  /** the school's Treffpunkte the Startort field offers (issue 22) */
  pickup_points: z.array(z.string()).optional(),
});
export type PublicQuestionnaire = z.infer<typeof publicQuestionnaireSchema>;

/** POST /api/fragebogen/{token}/ */
export const submittedSchema = z.object({
  message: z.string(),
  status: z.literal("submitted"),
  status_display: z.string().optional(),
  demo: z.boolean().optional(),
});
export type Submitted = z.infer<typeof submittedSchema>;
