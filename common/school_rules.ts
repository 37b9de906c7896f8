/** Rules of the driving school that the API, the planner worker and the seed scripts share. */

/** Licence classes and the hours each requires (data model contract). */
export const licenceHours = {
  B: { automatic: 0, manual: 20 },
  B78: { automatic: 20, manual: 0 },
  B197: { automatic: 14, manual: 6 },
} as const;

export type LicenceClass = keyof typeof licenceHours;

/** The four places a lesson may start (spec 02 §9). */
export const startLocations = ["Kley", "Lüdo Bus Bhf.", "Barop", "Eichlinghofen"];

/** Days the planner looks ahead, from tomorrow on (spec 01 §1); the statistics count the same. */
export const HORIZON_DAYS = 30;
