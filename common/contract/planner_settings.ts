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
};

/** Stored settings, or the defaults where nothing (or something no longer valid) is stored. */
export function readStoredSettings(stored: unknown): PlannerSettings {
  const parsed = plannerSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : structuredClone(defaultPlannerSettings);
}

/** The answer of GET and PUT /admin/planner-settings/. */
export interface PlannerSettingsAnswer {
  settings: PlannerSettings;
  defaults: PlannerSettings;
  updated_at: string | null;
}
