/** The 16 German states by the codes feiertagejs uses, with their German names. */
export const FEDERAL_STATES = {
  BW: "Baden-Württemberg",
  BY: "Bayern",
  BE: "Berlin",
  BB: "Brandenburg",
  HB: "Bremen",
  HH: "Hamburg",
  HE: "Hessen",
  MV: "Mecklenburg-Vorpommern",
  NI: "Niedersachsen",
  NW: "Nordrhein-Westfalen",
  RP: "Rheinland-Pfalz",
  SL: "Saarland",
  SN: "Sachsen",
  ST: "Sachsen-Anhalt",
  SH: "Schleswig-Holstein",
  TH: "Thüringen",
} as const;

export type FederalState = keyof typeof FEDERAL_STATES;

export const FEDERAL_STATE_CODES = Object.keys(FEDERAL_STATES) as FederalState[];

/** The school's state when nobody has chosen one (the school is in Dortmund). */
export const DEFAULT_FEDERAL_STATE: FederalState = "NW";

export function isFederalState(code: string): code is FederalState {
  return Object.hasOwn(FEDERAL_STATES, code);
}
