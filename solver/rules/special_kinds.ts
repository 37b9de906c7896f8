/** Names and sizes of the special drives (Sonderfahrten), shared by their rules and stage 0. */
import type { SpecialKind, Student } from "../instance.ts";
import { UNIT_MINUTES, unitsPerDrive } from "../../common/driving_limits.ts";

/** German names, as the office says them. */
export const KIND_NAMES: Record<SpecialKind, string> = {
  overland: "Überlandfahrt",
  highway: "Autobahnfahrt",
  night: "Nachtfahrt",
};

export { UNIT_MINUTES, unitsPerDrive };

/** Drives to plan for `units` open units (an odd rest becomes a whole double lesson). */
export function drivesNeeded(units: number, double: boolean): number {
  return Math.ceil(units / unitsPerDrive(double));
}

/** The transmission special drives are driven in: automatic for B78, else manual unless only automatic is needed. */
export function specialTransmission(st: Student): "manual" | "automatic" {
  if (st.licenseClass === "B78") return "automatic";
  return st.needs.manual === 0 && st.needs.automatic > 0 ? "automatic" : "manual";
}
