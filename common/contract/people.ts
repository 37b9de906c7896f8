import { z } from "zod";
import { personRowSchema } from "./person_row.ts";

// ---- Requests: the payloads of the people screens (spec 02 §3). The API turns them into rows
// (api/people/*_payload.ts); unknown keys (role, is_staff, password, ...) are stripped.

/** A free-text field the screens may send as null or leave out. */
export const optionalText = (max: number, label: string) =>
  z.string().max(max, `${label} darf höchstens ${max} Zeichen lang sein.`).nullish();

/** A time or date field as the screens send it (HH:MM, YYYY-MM-DD, '' or null). */
export const looseValue = z.union([z.string().max(40), z.number()]).nullish();

/** The personal fields both roles share. */
export const personShape = {
  first_name: optionalText(100, "Der Vorname"),
  last_name: optionalText(100, "Der Nachname"),
  email: optionalText(254, "Die E-Mail-Adresse"),
  phone: optionalText(50, "Die Telefonnummer"),
};

/** The 'Urlaub und Feiertage' rows both roles carry. */
export const vacationPeriods = z.array(z.object({ start: looseValue, end: looseValue })).max(500)
  .nullish();

/** Instructor create/save payload (spec 02 §3); every list is optional on save. */
/** The version the detail was loaded at; a save over a newer one answers 409 (issue 24). */
const loadedVersion = { version: z.number().int().positive().nullish() };

export const instructorPayloadSchema = z.object({
  ...personShape,
  ...loadedVersion,
  transmission_types: z.array(z.string().max(20)).max(5).nullish(),
  monthly_hours_target: z.union([z.number(), z.string().max(10)]).nullish(),
  /** The instructor's default vehicle (id), or null for none; absent: unchanged. */
  default_vehicle_id: z.number().int().positive().nullable().optional(),
  work_schedule: z.array(z.object({ day: looseValue, start: looseValue, end: looseValue }))
    .max(100).nullish(),
  /**
   * The days `work_schedule` replaces (the admin form sends only the days it changed, a day with
   * no window left included); without it, Monday to Friday and every day the schedule names.
   */
  work_days: z.array(looseValue).max(7).nullish(),
  breaks: z.array(z.object({ start: looseValue, end: looseValue })).max(20).nullish(),
  vacation_periods: vacationPeriods,
  theory_sessions: z.array(
    z.object({ date: looseValue, start_time: looseValue, end_time: looseValue }),
  ).max(1000).nullish(),
  unavailable_blocks: z.array(z.object({
    day_of_week: looseValue,
    start_time: looseValue,
    end_time: looseValue,
    valid_from: looseValue,
    valid_until: looseValue,
    description: optionalText(200, "Die Beschreibung"),
  })).max(200).nullish(),
});
export type InstructorPayload = z.input<typeof instructorPayloadSchema>;

const schoolFields = {
  ...personShape,
  school_name: optionalText(200, "Der Schulname"),
  start_location: optionalText(50, "Der Startort"),
  license_class: optionalText(10, "Die Führerscheinklasse"),
  notes: optionalText(2000, "Die Notizen"),
  available_in_holidays: z.union([z.string().max(10), z.boolean()]).nullish(),
  vacation_periods: vacationPeriods,
};

/** Student create payload ('Neuen Schüler anlegen', spec 02 §3). */
export const studentCreateSchema = z.object({
  ...schoolFields,
  school_schedule: z.array(z.object({ day: looseValue, start: looseValue, end: looseValue }))
    .max(50).nullish(),
  free_periods: z.array(
    z.object({ day: looseValue, period: looseValue, start: looseValue, end: looseValue }),
  ).max(100).nullish(),
  arrival_times: z.array(z.object({ day: looseValue, time: looseValue })).max(50).nullish(),
});
export type StudentCreatePayload = z.input<typeof studentCreateSchema>;

/** The training fields of the student update (issue 22); each left out stays as stored. */
const trainingFields = {
  special_drives_released: z.boolean().nullish(),
  /** local school time "YYYY-MM-DDTHH:MM", or null for no exam */
  exam_at: z.string().max(30).nullable().optional(),
  required_manual_hours: looseValue,
  required_automatic_hours: looseValue,
  required_overland: looseValue,
  required_highway: looseValue,
  required_night: looseValue,
};

/** Student update payload of the admin detail overlay (spec 02 §3). */
export const studentUpdateSchema = z.object({
  ...schoolFields,
  ...loadedVersion,
  ...trainingFields,
  school_schedule: z.array(z.object({
    day_of_week: looseValue,
    school_start: looseValue,
    school_end: looseValue,
    arrival_time: looseValue,
    free_periods: z.array(z.object({ start: looseValue, end: looseValue })).max(20).nullish(),
  })).max(50).nullish(),
});
export type StudentUpdatePayload = z.input<typeof studentUpdateSchema>;

/** PUT /admin/users/{id}/: the payload of the person's role (picked by the stored role). */
export const personUpdateSchema = z.union([instructorPayloadSchema, studentUpdateSchema]);
export type PersonUpdatePayload = z.input<typeof personUpdateSchema>;

// ---- Answers.

const range = z.object({ start: z.string(), end: z.string() });
const clock = z.string().nullable();

/** A row of GET /admin/users/?role=instructor. */
export const instructorRowSchema = personRowSchema.extend({
  profile: z.object({
    transmission_types: z.array(z.string()),
    monthly_hours_target: z.number(),
    /** The default vehicle (issue 22); absent in older answers. */
    default_vehicle_id: z.number().nullable().optional(),
  }).nullable(),
  week_hours: z.object({ current: z.number(), target: z.number() }).nullable(),
  today_appointments: z.number(),
  /** planned ÷ available working hours of the next 30 days, as on the dashboard (issue 11) */
  utilization: z.object({
    percent: z.number(),
    planned_hours: z.number(),
    available_hours: z.number(),
    appointments: z.number(),
  }).nullable(),
});
export type InstructorRow = z.infer<typeof instructorRowSchema>;

/** A row of GET /admin/users/?role=student. */
export const studentRowSchema = personRowSchema.extend({
  profile: z.object({
    license_class: z.string(),
    required_automatic_hours: z.number(),
    completed_automatic_hours: z.number(),
    required_manual_hours: z.number(),
    completed_manual_hours: z.number(),
    metadata: z.object({
      phone: z.string().optional(),
      school_name: z.string().optional(),
      start_location: z.string().optional(),
      notes: z.string().optional(),
      available_in_holidays: z.enum(["ja", "nein"]).optional(),
    }).optional(),
  }).nullable(),
  next_appointment: z.object({
    date: z.string(),
    start_time: z.string(),
    instructor_name: z.string(),
  }).nullable(),
  remaining_hours_total: z.number(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/** A row of GET /admin/users/: the role's row, the plain person for an administrator. */
export const userRowSchema = z.union([instructorRowSchema, studentRowSchema, personRowSchema]);
export type UserRow = z.infer<typeof userRowSchema>;

/** GET /admin/users/{id}/ for an instructor. */
export const instructorDetailSchema = instructorRowSchema.extend({
  version: z.number(),
  work_schedule: z.array(z.object({ day: z.string(), start: clock, end: clock })),
  breaks: z.array(range),
  vacation_periods: z.array(range),
  theory_sessions: z.array(
    z.object({ date: z.string(), start_time: z.string(), end_time: z.string() }),
  ),
  unavailable_blocks: z.array(z.object({
    day_of_week: z.number().nullable(),
    start_time: clock,
    end_time: clock,
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    description: z.string(),
  })),
});
export type InstructorDetail = z.infer<typeof instructorDetailSchema>;

/** Done, planned and still open of one kind (Fahrstunden in lessons, special drives in 45 min). */
const trainingFigures = z.object({
  required: z.number(),
  done: z.number(),
  planned: z.number(),
  open: z.number(),
});

/** GET /admin/users/{id}/ for a student. */
export const studentDetailSchema = studentRowSchema.extend({
  version: z.number(),
  school_schedule: z.array(z.object({
    day_of_week: z.number(),
    school_start: clock,
    school_end: clock,
    arrival_time: clock,
    free_periods: z.array(z.object({ period: z.number().optional(), start: clock, end: clock })),
  })),
  vacation_periods: z.array(range),
  required_overland: z.number(),
  required_highway: z.number(),
  required_night: z.number(),
  special_drives_released: z.boolean(),
  exam_at: z.string().nullable(),
  training: z.object({
    manual: trainingFigures,
    automatic: trainingFigures,
    overland: trainingFigures,
    highway: trainingFigures,
    night: trainingFigures,
  }),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

/** GET and PUT /admin/users/{id}/. */
export const userDetailSchema = z.union([
  instructorDetailSchema,
  studentDetailSchema,
  personRowSchema,
]);
export type UserDetail = z.infer<typeof userDetailSchema>;

/** PUT /admin/users/{id}/: the saved person and how many future lessons lie in their vacations. */
export const userUpdatedSchema = z.intersection(
  userDetailSchema,
  z.object({ vacation_affected: z.number() }),
);

/** POST /admin/{instructors,students}/create-manual/: the only time the password is shown. */
export const createdPersonSchema = z.object({
  id: z.number(),
  username: z.string(),
  password: z.string(),
  name: z.string(),
  message: z.string(),
});
export type CreatedPerson = z.infer<typeof createdPersonSchema>;
