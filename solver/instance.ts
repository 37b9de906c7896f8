/**
 * The planner's input, "fahrplan-instance/1" or "/2" (see docs/planner-format.md), checked with zod.
 * Version 1 reads unchanged and means 60-minute lessons on the hour; version 2 adds the lesson
 * length, special drives (Sonderfahrten), the release flag, the exam and the school's location.
 */
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
const localDateTime = z.string().regex(
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/,
  "Zeitpunkt im Format JJJJ-MM-TTTHH:MM erwartet",
);
const transmission = z.enum(["manual", "automatic"]);
/** The kinds of special drives (Sonderfahrten), as appointment_type names them. */
export const SPECIAL_KINDS = ["overland", "highway", "night"] as const;
const specialKind = z.enum(SPECIAL_KINDS);
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
  // Version 2 (the defaults are version 1's meaning):
  /** Driving minutes of an ordinary lesson; it starts at its slot's start. */
  lessonMinutes: z.union([z.literal(45), z.literal(60)], {
    error: "lessonMinutes: 45 oder 60 erwartet",
  }).default(60),
  /** The rhythm lessons are planned in; only whole hours (60) are supported. */
  slotMinutes: z.literal(60, { error: "slotMinutes: nur 60 wird unterstützt" }).default(60),
  /** Special drives as double lessons of 90 minutes (2 units), else single ones of 45. */
  specialDrivesDouble: z.boolean().default(true),
  /** The school's location, for dusk and sunset (default Dortmund). */
  location: z.object({
    lat: z.number().min(-66).max(66),
    lon: z.number().min(-180).max(180),
  }).default({ lat: 51.51, lon: 7.47 }),
  /**
   * Minutes an instructor needs between two consecutive lessons at different pickup points
   * (Treffpunkte, `students[].pickupPoint`); 0 switches the rule off. At most 60: slots are whole
   * hours, so only lessons in neighbouring slots can be too close (rules/pickup_change.ts).
   */
  pickupChangeMinutes: z.number().int().min(0).max(60).default(0),
  /**
   * An instructor keeps one vehicle per day and transmission: "soft" where the fleet allows (stage
   * 8 gives each instructor day one car, the default vehicle first), "hard" as a rule
   * (rules/one_vehicle_per_day.ts). Absent: cars are named hour by hour as in version 1.
   */
  vehiclePerDay: z.enum(["soft", "hard"]).optional(),
  /**
   * Ordinary lessons as double lessons (Doppelstunden): "prefer" pairs a student's two lessons of
   * a day into two consecutive slots of one instructor and car wherever that costs no lesson
   * (double/pair_lessons.ts), written as one appointment of two lessons' minutes that counts as
   * two lessons everywhere. "off": one appointment per lesson, as in version 1.
   */
  ordinaryDoubleLessons: z.enum(["off", "prefer"], {
    error: 'ordinaryDoubleLessons: "off" oder "prefer" erwartet',
  }).default("off"),
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
  /** Version 2: the instructor's own car (a vehicle id); preferred when cars are named. */
  defaultVehicle: z.string().min(1).optional(),
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
  // Version 2:
  /** Special drives still to plan, in 45-minute units as the law counts them. */
  special: z.object({
    overland: z.number().int().min(0).max(50).default(0),
    highway: z.number().int().min(0).max(50).default(0),
    night: z.number().int().min(0).max(50).default(0),
  }).optional(),
  /** Special drives only when true ("Sonderfahrten freigegeben"). */
  specialDrivesReleased: z.boolean().default(false),
  /** The practical exam (local time): nothing is planned that ends after it. */
  examAt: localDateTime.optional(),
  /** Version 2: where the student's lessons start (Treffpunkt); the school's list's name. */
  pickupPoint: z.string().min(1).optional(),
});

const vehicle = z.object({ id: z.string().min(1), transmission });

const fixedAppointment = z.object({
  student: z.string(),
  instructor: z.string(),
  vehicle: z.string().optional(),
  start: dateTime,
  transmission,
  /** Version 2: the end (local, same day); default start + lessonMinutes. */
  end: localDateTime.optional(),
  /** Version 2: what kind of appointment it is (information; fixed ones are trusted). */
  kind: z.enum(["driving_lesson", ...SPECIAL_KINDS]).optional(),
});

/** The zod schema of a planner instance; unknown ids and duplicates are checked too. */
export const instanceSchema = z.object({
  format: z.enum(["fahrplan-instance/1", "fahrplan-instance/2"], {
    error: "format: fahrplan-instance/1 oder fahrplan-instance/2 erwartet",
  }),
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
  if (inst.format === "fahrplan-instance/1" && inst.settings.lessonMinutes !== 60) {
    ctx.addIssue({
      code: "custom",
      path: ["settings", "lessonMinutes"],
      message: "Version 1 kennt nur Fahrstunden von 60 Minuten (format fahrplan-instance/2)",
    });
  }
  if (inst.format === "fahrplan-instance/1" && inst.settings.ordinaryDoubleLessons !== "off") {
    ctx.addIssue({
      code: "custom",
      path: ["settings", "ordinaryDoubleLessons"],
      message: "Doppelstunden gibt es erst ab Version 2 (format fahrplan-instance/2)",
    });
  }
  inst.instructors.forEach((ins, k) => {
    if (ins.defaultVehicle !== undefined && !vehicles.has(ins.defaultVehicle)) {
      ctx.addIssue({
        code: "custom",
        path: ["instructors", k, "defaultVehicle"],
        message: `unbekanntes Fahrzeug ${ins.defaultVehicle}`,
      });
    }
  });
  inst.fixed.forEach((f, k) => {
    if (f.end !== undefined && !(f.end.slice(0, 10) === f.start.slice(0, 10) && f.end > f.start)) {
      ctx.addIssue({
        code: "custom",
        path: ["fixed", k, "end"],
        message: "Ende muss am selben Tag nach dem Beginn liegen",
      });
    }
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
export type SpecialKind = z.infer<typeof specialKind>;
export type Fixed = Instance["fixed"][number];
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
