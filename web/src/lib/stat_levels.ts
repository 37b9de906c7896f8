/** Colour of the "students with appointments" tile (spec 01 §5): above 80 % green, above 50 yellow. */
export type FairnessTone = "green" | "yellow" | "red";

/** Spec 01 §5: above 80 percent green, above 50 yellow, else red ("above" is strict). */
export function fairnessTone(percent: number): FairnessTone {
  if (percent > 80) return "green";
  if (percent > 50) return "yellow";
  return "red";
}

/** Utilization level (spec 01 §5): above 60 good, above 30 moderate, else low. */
export type UtilizationLevel = "good" | "moderate" | "low";

/** Spec 01 §5: utilization above 60 is good, above 30 moderate, else low ("above" is strict). */
export function utilizationLevel(percent: number): UtilizationLevel {
  if (percent > 60) return "good";
  if (percent > 30) return "moderate";
  return "low";
}

/** German words for the levels, shown beside the colour so it is not the only signal. */
export const utilizationLabel: Record<UtilizationLevel, string> = {
  good: "gut",
  moderate: "mittel",
  low: "niedrig",
};

/** The shared colour token (tone class suffix) of a tone or level. */
export const toneClass: Record<FairnessTone | UtilizationLevel, "success" | "warning" | "error"> = {
  green: "success",
  good: "success",
  yellow: "warning",
  moderate: "warning",
  red: "error",
  low: "error",
};

const percentFormat = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1 });
const decimalFormat = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 2 });

/** "71,4 %" */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)} %`;
}

/** "3,14" */
export function formatDecimal(value: number): string {
  return decimalFormat.format(value);
}

/**
 * What utilization counts, in one German line; the dashboard and the instructors list show it
 * (api/lib/instructor_utilization.ts computes the figure for both).
 */
export const utilizationHint =
  "Geplante Fahrstunden ÷ verfügbare Arbeitsstunden der nächsten 30 Tage, ohne stornierte Termine";
