/** The constraint settings as GET/PUT /admin/planner-settings/ carry them (spec 02 §3). */
export interface PlannerSettings {
  hard: {
    vehicleAssignment: { enabled: boolean };
    maxHoursPerDay: { enabled: boolean; value: number };
    minBreakAfterHours: { enabled: boolean; hours: number; minBreakDuration: number };
    maxAppointmentsPerWeek: { enabled: boolean; value: number };
    preventDoubleBooking: { enabled: true };
  };
  soft: {
    preferredTimes: { enabled: boolean; weight: number };
    instructorContinuity: { enabled: boolean; weight: number };
    balanceWorkload: { enabled: boolean; tolerance: number };
    studentPreferences: { enabled: boolean; weight: number };
    timeSlotPreferences: {
      enabled: boolean;
      earlyMorningStart: number;
      earlyMorningEnd: number;
      lateEveningStart: number;
      lateEveningEnd: number;
    };
    weatherConsideration: {
      enabled: false;
      minTemperature: number;
      maxWindSpeed: number;
      avoidRain: boolean;
    };
  };
}

/** The answer of GET and PUT /admin/planner-settings/. */
export interface SettingsAnswer {
  settings: PlannerSettings;
  defaults: PlannerSettings;
  updated_at: string | null;
}

/** How many rules of each group are on. */
export function activeCounts(s: PlannerSettings): { hard: number; soft: number } {
  const on = (group: Record<string, { enabled: boolean }>) =>
    Object.values(group).filter((rule) => rule.enabled).length;
  return { hard: on(s.hard), soft: on(s.soft) };
}
