/**
 * Stage 0 (version-2 instances only): the special drives (Sonderfahrten) first, deterministically,
 * with the rulebook's fit tests (special/place_drives.ts); then they are fixed appointments for
 * every later stage, which plan the ordinary lessons around them with the proven machinery as it
 * is. So the claims in `stats` (upperBound, optimal, bestMinShare) speak of the ordinary lessons
 * given these special drives, not of both together.
 */
import { lessonStart } from "../calendar.ts";
import type { Instance, SpecialKind } from "../instance.ts";
import { SPECIAL_KINDS } from "../instance.ts";
import { buildModel } from "../model.ts";
import type { Appointment, Plan } from "../plan_format.ts";
import { type Drive, placeDrives } from "../special/place_drives.ts";
import { specialReason } from "../special/reasons.ts";
import { specialTransmission, UNIT_MINUTES, unitsPerDrive } from "../rules/special_kinds.ts";

export interface SpecialStage {
  /** The planned special drives, as plan appointments (with end and kind). */
  appointments: Appointment[];
  /** Special drives that could not be planned, per student and kind, in 45-minute units. */
  unplanned: Plan["unplanned"];
  /** The instance for the later stages: the drives fixed, no special needs left. */
  rest: Instance;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export function planSpecialDrives(instance: Instance): SpecialStage {
  const model = buildModel(instance);
  const { drives, state } = placeDrives(model);
  const appointments = drives.map((d) => appointmentOf(instance, model.dates, d));
  const double = instance.settings.specialDrivesDouble;
  const minutes = unitsPerDrive(double) * UNIT_MINUTES;
  const unplanned: Plan["unplanned"] = [];
  instance.students.forEach((st, s) => {
    if (!st.special) return;
    for (const kind of SPECIAL_KINDS) {
      const got = drives.filter((d) => d.student === s && d.kind === kind).length;
      const missing = st.special[kind] - got * unitsPerDrive(double);
      if (missing <= 0) continue;
      const t = specialTransmission(st);
      unplanned.push({
        student: st.id,
        transmission: t,
        kind,
        missing,
        reason: specialReason(model, state, s, kind, t, minutes),
      });
    }
  });
  const rest: Instance = {
    ...instance,
    students: instance.students.map((st) => ({ ...st, special: undefined })),
    fixed: [...instance.fixed, ...appointments],
  };
  return { appointments, unplanned, rest };
}

function appointmentOf(instance: Instance, dates: string[], d: Drive): Appointment {
  const start = lessonStart(dates[d.day], d.hour);
  return {
    student: instance.students[d.student].id,
    instructor: instance.instructors[d.instructor].id,
    ...(d.vehicle ? { vehicle: d.vehicle } : {}),
    start,
    end: `${start.slice(0, 11)}${clock(d.hour * 60 + d.minutes)}`,
    transmission: d.transmission,
    kind: d.kind as SpecialKind,
  };
}
