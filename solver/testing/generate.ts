/**
 * Seeded generator of planner instances in the shapes of the spec's test-data sets, with knobs for
 * harder variants: tighter peak hours, scarce vehicles, many B197 students, fixed appointments.
 */
import { addDays, weekdayOf } from "../calendar.ts";
import { type Instance, parseInstance } from "../instance.ts";
import { verifyPlan } from "../verify.ts";
import { random } from "../random.ts";

export const SHAPES = {
  klein: [5, 10],
  mittel: [10, 50],
  gross: [15, 100],
  mega: [20, 150],
  legendary: [25, 200],
} as const;

export interface GenerateOptions {
  shape: keyof typeof SHAPES;
  seed: number;
  /** Students only free late in the afternoon (16-20). */
  tightPeak?: boolean;
  /** About half the usual vehicles. */
  scarceVehicles?: boolean;
  /** Share of B197 students (both transmissions), default 0.15. */
  b197Share?: number;
  /** Number of fixed appointments to place first. */
  fixed?: number;
  settings?: Record<string, unknown>;
  /** Instructors and students instead of the shape's (e.g. [100, 1000] for a large school). */
  size?: [number, number];
}

export { random } from "../random.ts";

const hh = (h: number, m = 0) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;

/** Generates one instance. */
export function generateInstance(o: GenerateOptions): Instance {
  const rnd = random(o.seed);
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
  const raw = {
    format: "fahrplan-instance/1",
    start,
    days,
    settings: o.settings ?? {},
    instructors,
    students,
    vehicles,
    fixed: [] as unknown[],
  };
  const instance = parseInstance(raw);
  instance.fixed = placeFixed(instance, o.fixed ?? 0, rnd);
  return instance;
}

/** Places valid fixed appointments one by one, keeping each only if the referee accepts it. */
function placeFixed(instance: Instance, count: number, rnd: () => number): Instance["fixed"] {
  const fixed: Instance["fixed"] = [];
  for (let attempt = 0; fixed.length < count && attempt < count * 200; attempt++) {
    const st = instance.students[Math.floor(rnd() * instance.students.length)];
    const t = st.needs.automatic > 0 && (st.needs.manual === 0 || rnd() < 0.5)
      ? "automatic"
      : "manual";
    const ins = instance.instructors[Math.floor(rnd() * instance.instructors.length)];
    const date = addDays(instance.start, Math.floor(rnd() * instance.days));
    const windows = st.available.filter((w) => w.day === weekdayOf(date));
    if (windows.length === 0) continue;
    const w = windows[0];
    const hour = Number(w.start.slice(0, 2)) + (w.start.endsWith("30") ? 1 : 0);
    const vehicle = instance.vehicles.find((v) =>
      v.transmission === t &&
      !fixed.some((f) => f.vehicle === v.id && f.start === `${date}T${hh(hour).slice(0, 2)}:00`)
    );
    const candidate = {
      student: st.id,
      instructor: ins.id,
      vehicle: vehicle?.id,
      start: `${date}T${hh(hour).slice(0, 2)}:00`,
      transmission: t,
    } as const;
    const trial = [...fixed, candidate];
    const problems = verifyPlan({
      ...instance,
      fixed: [],
      students: instance.students.map((s) => ({ ...s, needs: { manual: 99, automatic: 99 } })),
    }, { appointments: trial });
    if (problems.length === 0) fixed.push(candidate);
  }
  return fixed;
}

if (import.meta.main) {
  const [shape = "klein", seed = "1"] = Deno.args;
  console.log(
    JSON.stringify(
      generateInstance({ shape: shape as keyof typeof SHAPES, seed: Number(seed) }),
      null,
      2,
    ),
  );
}

/** The harder variants every shape is tried in (README-planner.md, "Against HiGHS"). */
export const VARIANTS: Record<string, Omit<GenerateOptions, "shape" | "seed">> = {
  plain: {},
  peak: { tightPeak: true },
  scarce: { scarceVehicles: true },
  b197: { b197Share: 0.5 },
  fixed: { fixed: 30 },
  twoHourBreaks: { settings: { minBreakMinutes: 90, breakAfterHours: 2 } },
  twoADay: {
    settings: { minBreakMinutes: 90, breakAfterHours: 3, maxLessonsPerStudentPerDay: 2 },
  },
  everything: {
    tightPeak: true,
    scarceVehicles: true,
    b197Share: 0.4,
    fixed: 20,
    settings: { minBreakMinutes: 120, breakAfterHours: 2 },
  },
};

/** Every variant of every listed shape for each seed: the instances the planner is measured on. */
export function generatedSuite(
  shapes: (keyof typeof SHAPES)[],
  seeds: number[],
): GenerateOptions[] {
  return shapes.flatMap((shape) =>
    seeds.flatMap((seed) =>
      Object.values(VARIANTS).map((v) => ({ shape, seed: seed * 100 + shape.length, ...v }))
    )
  );
}
