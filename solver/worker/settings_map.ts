import type { PlannerSettings } from "../../common/contract/planner_settings.ts";
import type { WeeklyWindow } from "../instance.ts";
import { formatMinutes, minutesOf } from "../../common/time.ts";

/** The docs/planner-format.md settings object the planner reads. */
export interface FormatSettings {
  maxHoursPerDay: number;
  maxAppointmentsPerWeek: number;
  breakAfterHours: number;
  minBreakMinutes: number;
  maxLessonsPerStudentPerDay: number;
  vehicleAssignment: boolean;
  lessonMinutes: 45 | 60;
  slotMinutes: 60;
  specialDrivesDouble: boolean;
  location: { lat: number; lon: number };
  pickupChangeMinutes: number;
  vehiclePerDay?: "soft" | "hard";
  ordinaryDoubleLessons: "off" | "prefer";
  soft: {
    instructorContinuity: number;
    preferredTimes: number;
    balanceWorkload: number;
    studentPreferences: number;
  };
}

/**
 * Maps the constraints page to the planner: a hard rule switched off becomes the loosest value
 * the format allows; a soft rule switched off gets weight 0 (which switches it off).
 */
export function toFormatSettings(s: PlannerSettings): FormatSettings {
  const h = s.hard;
  const soft = s.soft;
  return {
    maxHoursPerDay: h.maxHoursPerDay.enabled ? h.maxHoursPerDay.value : 12,
    maxAppointmentsPerWeek: h.maxAppointmentsPerWeek.enabled ? h.maxAppointmentsPerWeek.value : 60,
    breakAfterHours: h.minBreakAfterHours.enabled ? h.minBreakAfterHours.hours : 6,
    minBreakMinutes: h.minBreakAfterHours.enabled ? h.minBreakAfterHours.minBreakDuration : 15,
    // One Fahrstunde a student day; with double lessons two, which the planner puts back to back
    // as one appointment wherever that costs no lesson (a double lesson counts as two).
    maxLessonsPerStudentPerDay: s.training.ordinaryDoubleLessons === "prefer" ? 2 : 1,
    vehicleAssignment: h.vehicleAssignment.enabled,
    lessonMinutes: s.training.lessonMinutes,
    slotMinutes: s.training.slotMinutes,
    specialDrivesDouble: s.training.specialDrivesDouble,
    location: { ...s.training.location },
    pickupChangeMinutes: s.training.pickupChangeMinutes,
    ...(s.training.vehiclePerDay === "off" ? {} : { vehiclePerDay: s.training.vehiclePerDay }),
    ordinaryDoubleLessons: s.training.ordinaryDoubleLessons,
    soft: {
      instructorContinuity: soft.instructorContinuity.enabled
        ? soft.instructorContinuity.weight
        : 0,
      preferredTimes: soft.preferredTimes.enabled ? soft.preferredTimes.weight : 0,
      balanceWorkload: soft.balanceWorkload.enabled ? soft.balanceWorkload.tolerance : 0,
      studentPreferences: soft.studentPreferences.enabled ? soft.studentPreferences.weight : 0,
    },
  };
}

/** Cuts [from, to) (whole hours) out of each window; keeps what is left. */
function subtract(windows: WeeklyWindow[], from: number, to: number): WeeklyWindow[] {
  const cutStart = from * 60;
  const cutEnd = to * 60;
  const out: WeeklyWindow[] = [];
  for (const w of windows) {
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    const pieces: [number, number][] = [[start, Math.min(end, cutStart)], [
      Math.max(start, cutEnd),
      end,
    ]];
    for (const [a, b] of pieces) {
      if (b > a) out.push({ day: w.day, start: formatMinutes(a), end: formatMinutes(b) });
    }
  }
  return out;
}

/**
 * timeSlotPreferences: a student's preferred windows (their own, or all their available time when
 * they named none) without the early-morning and late-evening windows. Undefined when the rule is
 * off or nothing would change.
 */
export function preferredWithoutEdgeHours(
  s: PlannerSettings,
  available: WeeklyWindow[],
  preferred: WeeklyWindow[],
): WeeklyWindow[] | undefined {
  const t = s.soft.timeSlotPreferences;
  if (!t.enabled) return preferred.length ? preferred : undefined;
  const base = preferred.length ? preferred : available;
  const result = subtract(
    subtract(base, t.earlyMorningStart, t.earlyMorningEnd),
    t.lateEveningStart,
    t.lateEveningEnd,
  );
  const unchanged = !preferred.length && JSON.stringify(result) === JSON.stringify(available);
  return unchanged ? undefined : result;
}
