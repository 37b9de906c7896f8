/** The planner's input, "fahrplan-instance/1" (see docs/planner-format.md), checked with zod. */
import { z } from "zod";

const clock = z.string().regex(
  /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/,
  "Uhrzeit im Format HH:MM erwartet",
);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Datum im Format JJJJ-MM-TT erwartet")
  .refine((s) => !Number.isNaN(Date.parse(s + "T00:00:00Z")), "kein gültiges Datum");
const dateTime = z.string().regex(
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):00$/,
  "Beginn im Format JJJJ-MM-TTTHH:00 erwartet (volle Stunde)",
);
const transmission = z.enum(["manual", "automatic"]);
const weekday = z.number().int().min(1).max(7);

const weeklyWindow = z.object({ day: weekday, start: clock, end: clock })
  .refine((w) => w.start < w.end, "Ende muss nach dem Beginn liegen");
const dailyWindow = z.object({ start: clock, end: clock })
  .refine((w) => w.start < w.end, "Ende muss nach dem Beginn liegen");
const dateRange = z.object({ from: isoDate, to: isoDate })
  .refine((r) => r.from <= r.to, "'to' darf nicht vor 'from' liegen");
const oneOffBlock = z.object({ date: isoDate, start: clock, end: clock })
  .refine((w) => w.start < w.end, "Ende muss nach dem Beginn liegen");
const weeklyBlock = z.object({
  day: weekday,
  start: clock,
  end: clock,
  validFrom: isoDate.nullable().optional(),
  validUntil: isoDate.nullable().optional(),
}).refine((w) => w.start < w.end, "Ende muss nach dem Beginn liegen");

const soft = z.object({
  instructorContinuity: z.number().min(0).max(100).default(80),
  preferredTimes: z.number().min(0).max(100).default(70),
  balanceWorkload: z.number().min(0).max(100).default(15),
  studentPreferences: z.number().min(0).max(100).default(60),
});

const settings = z.object({
  maxHoursPerDay: z.number().int().min(4).max(12).default(8),
  maxAppointmentsPerWeek: z.number().int().min(20).max(60).default(40),
  breakAfterHours: z.number().int().min(2).max(6).default(4),
  minBreakMinutes: z.number().int().min(15).max(120).default(30),
  maxLessonsPerStudentPerDay: z.number().int().min(1).max(3).default(1),
  vehicleAssignment: z.boolean().default(true),
  soft: soft.prefault({}),
});

const instructor = z.object({
  id: z.string().min(1),
  transmissions: z.array(transmission).min(1),
  monthlyHoursTarget: z.number().min(0).optional(),
  work: z.array(weeklyWindow),
  breaks: z.array(dailyWindow).max(2).optional(),
  absences: z.array(dateRange).optional(),
  blocks: z.array(oneOffBlock).optional(),
  weeklyBlocks: z.array(weeklyBlock).optional(),
});

const student = z.object({
  id: z.string().min(1),
  licenseClass: z.enum(["B", "B78", "B197"]),
  needs: z.object({
    manual: z.number().int().min(0),
    automatic: z.number().int().min(0),
  }),
  available: z.array(weeklyWindow),
  preferred: z.array(weeklyWindow).optional(),
  preferredInstructor: z.string().optional(),
  absences: z.array(dateRange).optional(),
  blocks: z.array(oneOffBlock).optional(),
});

const vehicle = z.object({ id: z.string().min(1), transmission });

const fixedAppointment = z.object({
  student: z.string(),
  instructor: z.string(),
  vehicle: z.string().optional(),
  start: dateTime,
  transmission,
});

/** The zod schema of a planner instance; unknown ids and duplicates are checked too. */
export const instanceSchema = z.object({
  format: z.literal("fahrplan-instance/1"),
  start: isoDate,
  days: z.number().int().min(1).max(62),
  settings: settings.prefault({}),
  instructors: z.array(instructor),
  students: z.array(student),
  vehicles: z.array(vehicle).default([]),
  fixed: z.array(fixedAppointment).default([]),
}).superRefine((inst, ctx) => {
  const unique = (ids: string[], path: string) => {
    const seen = new Set<string>();
    ids.forEach((id, k) => {
      if (seen.has(id)) {
        ctx.addIssue({ code: "custom", path: [path, k, "id"], message: `doppelte ID ${id}` });
      }
      seen.add(id);
    });
    return seen;
  };
  const instructors = unique(inst.instructors.map((i) => i.id), "instructors");
  const students = unique(inst.students.map((s) => s.id), "students");
  const vehicles = unique(inst.vehicles.map((v) => v.id), "vehicles");
  const vehicleRule = inst.settings.vehicleAssignment && inst.vehicles.length > 0;
  inst.fixed.forEach((f, k) => {
    if (!students.has(f.student)) {
      ctx.addIssue({
        code: "custom",
        path: ["fixed", k, "student"],
        message: `unbekannter Fahrschüler ${f.student}`,
      });
    }
    if (!instructors.has(f.instructor)) {
      ctx.addIssue({
        code: "custom",
        path: ["fixed", k, "instructor"],
        message: `unbekannter Fahrlehrer ${f.instructor}`,
      });
    }
    if (vehicleRule && (f.vehicle === undefined || !vehicles.has(f.vehicle))) {
      ctx.addIssue({
        code: "custom",
        path: ["fixed", k, "vehicle"],
        message: `unbekanntes Fahrzeug ${f.vehicle ?? "(fehlt)"}`,
      });
    }
  });
});

/** A checked instance with every default filled in. */
export type Instance = z.infer<typeof instanceSchema>;
export type Settings = Instance["settings"];
export type Instructor = Instance["instructors"][number];
export type Student = Instance["students"][number];
export type Vehicle = Instance["vehicles"][number];
export type Transmission = z.infer<typeof transmission>;
export type WeeklyWindow = z.infer<typeof weeklyWindow>;

/** Thrown by parseInstance; the message names the field path and the problem. */
export class InstanceError extends Error {}

/** Checks raw JSON against the instance format; throws InstanceError naming field and problem. */
export function parseInstance(json: unknown): Instance {
  const result = instanceSchema.safeParse(json);
  if (result.success) return result.data;
  const lines = result.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join(".") : "(Wurzel)";
    return `${path}: ${issue.message}`;
  });
  throw new InstanceError(`Ungültige Instanz: ${lines.join("; ")}`);
}
