/**
 * Seeded people for test data: instructors, students and vehicles in the shapes of the spec's
 * test-data sets (common/test_data_sets.ts). The planner's instance generator
 * (solver/testing/generate.ts) turns them into instances; the API's test-data download
 * (api/imports/test_data.ts) writes them into the import templates.
 */
import { addDays } from "./time.ts";

export const SHAPES = {
  klein: [5, 10],
  mittel: [10, 50],
  gross: [15, 100],
  mega: [20, 150],
  legendary: [25, 200],
} as const;

export interface PeopleOptions {
  shape: keyof typeof SHAPES;
  /** Students only free late in the afternoon (16-20). */
  tightPeak?: boolean;
  /** About half the usual vehicles. */
  scarceVehicles?: boolean;
  /** Share of B197 students (both transmissions), default 0.15. */
  b197Share?: number;
  /** Instructors and students instead of the shape's (e.g. [100, 1000] for a large school). */
  size?: [number, number];
}

const hh = (h: number, m = 0) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;

/**
 * The people of one set, drawn from `rnd` (the caller's seeded stream, which it may go on
 * drawing from), in the planner's instance format (solver/instance.ts) before parsing.
 */
export function generatePeople(o: PeopleOptions, rnd: () => number) {
  const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const [nInstructors, nStudents] = o.size ?? SHAPES[o.shape];
  const start = "2027-03-01", days = 30;
  const instructors = Array.from({ length: nInstructors }, (_, k) => {
    const r = rnd();
    const transmissions = r < 0.5 ? ["manual", "automatic"] : r < 0.92 ? ["manual"] : ["automatic"];
    const from = pick([8, 8, 8, 9]), to = pick([18, 19, 19, 20]);
    const work = [1, 2, 3, 4, 5].map((day) => ({ day, start: hh(from), end: hh(to) }));
    if (rnd() < 0.5) work.push({ day: 6, start: "08:00", end: "13:00" });
    const blocks = rnd() < 0.6
      ? Array.from(
        { length: int(1, 4) },
        () => ({ date: addDays(start, int(0, days - 1)), start: "09:00", end: "11:30" }),
      )
      : undefined;
    return {
      id: `I${String(k + 1).padStart(2, "0")}`,
      transmissions,
      monthlyHoursTarget: pick([0, 120, 140, 150, 160]),
      work,
      breaks: rnd() < 0.7
        ? [{ start: pick(["12:00", "12:30", "13:00"]), end: "13:30" }]
        : undefined,
      absences: rnd() < 0.3
        ? [{ from: addDays(start, int(0, 25)), to: addDays(start, int(26, 29)) }]
        : undefined,
      blocks,
      weeklyBlocks: rnd() < 0.2
        ? [{ day: int(1, 5), start: "17:00", end: "18:30", validFrom: start, validUntil: null }]
        : undefined,
    };
  });
  if (!instructors.some((i) => i.transmissions.includes("automatic"))) {
    instructors[0].transmissions = ["manual", "automatic"];
  }
  const b197 = o.b197Share ?? 0.15;
  const students = Array.from({ length: nStudents }, (_, k) => {
    const r = rnd();
    const cls = r < b197 ? "B197" : r < b197 + 0.15 ? "B78" : "B";
    const needs = cls === "B197"
      ? { manual: int(8, 16), automatic: int(3, 8) }
      : cls === "B78"
      ? { manual: 0, automatic: int(8, 20) }
      : { manual: int(8, 24), automatic: 0 };
    const available = [1, 2, 3, 4, 5, 6].filter(() => rnd() < 0.7).map((day) => {
      if (day === 6) return { day, start: "09:00", end: "13:00" };
      const from = o.tightPeak ? int(16, 17) : int(13, 16);
      return { day, start: hh(from, pick([0, 0, 30])), end: hh(Math.min(20, from + int(2, 5))) };
    });
    if (available.length === 0) available.push({ day: 2, start: "15:00", end: "19:00" });
    const preferred = rnd() < 0.5
      ? available.slice(0, 2).map((w) => ({
        day: w.day,
        start: w.start,
        end: hh(Math.min(Number(w.start.slice(0, 2)) + 2, Number(w.end.slice(0, 2)))),
      }))
        .filter((w) => w.start < w.end)
      : undefined;
    return {
      id: `S${String(k + 1).padStart(3, "0")}`,
      licenseClass: cls,
      needs,
      available,
      preferred: preferred?.length ? preferred : undefined,
      preferredInstructor: rnd() < 0.35 ? pick(instructors).id : undefined,
      absences: rnd() < 0.25
        ? [{ from: addDays(start, int(0, 20)), to: addDays(start, int(21, 29)) }]
        : undefined,
      blocks: rnd() < 0.25
        ? [{ date: addDays(start, int(0, 29)), start: "15:00", end: "17:00" }]
        : undefined,
    };
  });
  const nVehicles = Math.max(2, Math.round(nInstructors * (o.scarceVehicles ? 0.6 : 1.15)));
  const vehicles = Array.from({ length: nVehicles }, (_, k) => ({
    id: `V${String(k + 1).padStart(2, "0")}`,
    transmission: k < Math.max(1, Math.round(nVehicles * 0.3)) ? "automatic" : "manual",
  }));
  return { start, days, instructors, students, vehicles };
}
