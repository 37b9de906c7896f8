/**
 * The constraint settings of /constraints-settings (spec 02 §3 and §9): stored in planner_settings,
 * validated here with the spec's ranges, and mapped to the planner's settings by the solver.
 */
import { z } from "zod";

const range = (label: string, min: number, max: number, step = 1) =>
  z.number({ error: `${label}: Bitte eine Zahl angeben.` })
    .int(`${label}: Bitte eine ganze Zahl angeben.`)
    .min(min, `${label} muss zwischen ${min} und ${max} liegen.`)
    .max(max, `${label} muss zwischen ${min} und ${max} liegen.`)
    .refine((n) => (n - min) % step === 0, `${label} geht in Schritten von ${step}.`);

const enabled = z.boolean({ error: "Bitte an oder aus angeben." });
const weight = (label: string) => range(`Gewichtung „${label}“`, 0, 100);

const timeSlotPreferences = z.object({
  enabled,
  earlyMorningStart: range("Beginn des frühen Morgens", 5, 12),
  earlyMorningEnd: range("Ende des frühen Morgens", 6, 14),
  lateEveningStart: range("Beginn des späten Abends", 16, 20),
  lateEveningEnd: range("Ende des späten Abends", 18, 23),
}).refine((t) => t.earlyMorningStart < t.earlyMorningEnd, {
  message: "Der frühe Morgen muss enden, nachdem er beginnt.",
  path: ["earlyMorningEnd"],
}).refine((t) => t.lateEveningStart < t.lateEveningEnd, {
  message: "Der späte Abend muss enden, nachdem er beginnt.",
  path: ["lateEveningEnd"],
});

/**
 * The Ausbildung (issue 22): the length of a Fahrstunde, the rhythm it is planned in (whole hours:
 * a 45-minute lesson leaves 15 minutes to change students), special drives as double lessons, and
 * the school's location for dusk and sunset. Settings stored before it existed read as 60 minutes
 * and Dortmund.
 */
const training = z.object({
  lessonMinutes: z.union([z.literal(45), z.literal(60)], {
    error: "Länge einer Fahrstunde: 45 oder 60 Minuten.",
  }),
  slotMinutes: z.literal(60, { error: "Takt: die Planung rechnet in Stunden (60 Minuten)." }),
  specialDrivesDouble: z.boolean({ error: "Bitte an oder aus angeben." }),
  location: z.object({
    lat: z.number({ error: "Breitengrad: Bitte eine Zahl angeben." })
      .min(47, "Breitengrad: der Standort muss in Deutschland liegen (47 bis 55,1).")
      .max(55.1, "Breitengrad: der Standort muss in Deutschland liegen (47 bis 55,1)."),
    lon: z.number({ error: "Längengrad: Bitte eine Zahl angeben." })
      .min(5.8, "Längengrad: der Standort muss in Deutschland liegen (5,8 bis 15,1).")
      .max(15.1, "Längengrad: der Standort muss in Deutschland liegen (5,8 bis 15,1)."),
  }),
  /**
   * Minutes an instructor needs between two lessons at different pickup points (0: no rule).
   * With 45-minute lessons up to 15 is always free; with 60-minute lessons back to back a change
   * needs a free hour between them. Settings stored before it existed read 0.
   */
  pickupChangeMinutes: range("Wechselzeit zwischen Treffpunkten", 0, 60, 5).default(0),
  /**
   * Special drives are released automatically once a student has this many Fahrstunden done
   * (0: only the office's flag "Sonderfahrten freigegeben").
   */
  specialDrivesAfterLessons: range("Sonderfahrten freigeben nach Fahrstunden", 0, 60).default(0),
  /**
   * An instructor keeps one vehicle per day and transmission: "soft" where the fleet allows (the
   * default), "hard" as a rule (fewer lessons where cars are scarce), "off" hour by hour.
   */
  vehiclePerDay: z.enum(["off", "soft", "hard"], {
    error: "Ein Fahrzeug pro Tag: aus, möglichst oder immer.",
  }).default("soft"),
  /**
   * Ordinary Fahrstunden as double lessons (Doppelstunden): "prefer" lets a student have two
   * Fahrstunden a day and plans them back to back with one instructor and car wherever that costs
   * no lesson, written as one appointment of 90 (or 120) minutes. Settings stored before read "off".
   */
  ordinaryDoubleLessons: z.enum(["off", "prefer"], {
    error: "Doppelstunden: aus oder möglichst.",
  }).default("off"),
});

/**
 * The Ausbildung's settings of a new school (no settings stored): 45-minute Fahrstunden in
 * 60-minute slots, as the issue asks, Dortmund.
 */
export const defaultTraining: z.infer<typeof training> = {
  lessonMinutes: 45,
  slotMinutes: 60,
  specialDrivesDouble: true,
  location: { lat: 51.51, lon: 7.47 },
  pickupChangeMinutes: 0,
  specialDrivesAfterLessons: 0,
  vehiclePerDay: "soft",
  ordinaryDoubleLessons: "off",
};

/** What settings stored before issue 22 (without `training`) mean: 60-minute lessons, as then. */
export const legacyTraining: z.infer<typeof training> = { ...defaultTraining, lessonMinutes: 60 };

/** Settings as the constraints page sends and receives them. */
export const plannerSettingsSchema = z.object({
  hard: z.object({
    vehicleAssignment: z.object({ enabled }),
    maxHoursPerDay: z.object({ enabled, value: range("Maximale Stunden pro Tag", 4, 12) }),
    minBreakAfterHours: z.object({
      enabled,
      hours: range("Pause nach Stunden", 2, 6),
      minBreakDuration: range("Mindestpause in Minuten", 15, 120, 15),
    }),
    maxAppointmentsPerWeek: z.object({
      enabled,
      value: range("Maximale Termine pro Woche", 20, 60),
    }),
    preventDoubleBooking: z.object({
      enabled: z.literal(true, { error: "Doppelbuchungen zu verhindern ist immer aktiv." }),
    }),
  }),
  soft: z.object({
    preferredTimes: z.object({ enabled, weight: weight("Bevorzugte Zeiten") }),
    instructorContinuity: z.object({ enabled, weight: weight("Fahrlehrer-Kontinuität") }),
    balanceWorkload: z.object({ enabled, tolerance: range("Toleranz der Auslastung", 5, 50) }),
    studentPreferences: z.object({ enabled, weight: weight("Schülerwünsche") }),
    timeSlotPreferences,
    weatherConsideration: z.object({
      // No weather service is connected, so the rule cannot be switched on (see the screen).
      enabled: z.literal(false, {
        error: "Die Wetterregel kann ohne angebundenen Wetterdienst nicht aktiviert werden.",
      }),
      minTemperature: range("Mindesttemperatur", -10, 20),
      maxWindSpeed: range("Maximale Windgeschwindigkeit", 20, 80, 5),
      avoidRain: z.boolean(),
    }),
  }),
  // Settings saved before the Ausbildung existed keep meaning 60-minute lessons.
  training: training.default(() => structuredClone(legacyTraining)),
});

/** The constraint settings object. */
export type PlannerSettings = z.infer<typeof plannerSettingsSchema>;

/** The defaults of spec 02 §9. */
export const defaultPlannerSettings: PlannerSettings = {
  hard: {
    vehicleAssignment: { enabled: true },
    maxHoursPerDay: { enabled: true, value: 8 },
    minBreakAfterHours: { enabled: true, hours: 4, minBreakDuration: 30 },
    maxAppointmentsPerWeek: { enabled: true, value: 40 },
    preventDoubleBooking: { enabled: true },
  },
  soft: {
    preferredTimes: { enabled: true, weight: 70 },
    instructorContinuity: { enabled: true, weight: 80 },
    balanceWorkload: { enabled: true, tolerance: 15 },
    studentPreferences: { enabled: true, weight: 60 },
    timeSlotPreferences: {
      enabled: true,
      earlyMorningStart: 6,
      earlyMorningEnd: 10,
      lateEveningStart: 18,
      lateEveningEnd: 22,
    },
    weatherConsideration: { enabled: false, minTemperature: 5, maxWindSpeed: 40, avoidRain: true },
  },
  training: structuredClone(defaultTraining),
};

/** Stored settings, or the defaults where nothing (or something no longer valid) is stored. */
export function readStoredSettings(stored: unknown): PlannerSettings {
  const parsed = plannerSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : structuredClone(defaultPlannerSettings);
}

/** The answer of GET and PUT /admin/planner-settings/. */
export const plannerSettingsAnswerSchema = z.object({
  settings: plannerSettingsSchema,
  defaults: plannerSettingsSchema,
  updated_at: z.string().nullable(),
});
export type PlannerSettingsAnswer = z.infer<typeof plannerSettingsAnswerSchema>;
