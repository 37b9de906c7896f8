/**
 * Seeded generator of planner instances in the shapes of the spec's test-data sets, with knobs for
 * harder variants: tighter peak hours, scarce vehicles, many B197 students, fixed appointments.
 */
import { addDays, weekdayOf } from "../calendar.ts";
import { type Instance, parseInstance } from "../instance.ts";
import { verifyPlan } from "../verify.ts";
import { random } from "../../common/random.ts";
import { type TrainingOptions, withTraining } from "./ausbildung.ts";
import { generatePeople, type PeopleOptions, SHAPES } from "../../common/test_people.ts";

export { SHAPES };

export interface GenerateOptions extends PeopleOptions {
  seed: number;
  /** Number of fixed appointments to place first. */
  fixed?: number;
  settings?: Record<string, unknown>;
  /** The Ausbildung (instance version 2): special drives, exams, lesson length, evening hours. */
  training?: TrainingOptions;
}

export { random } from "../../common/random.ts";

const hh = (h: number, m = 0) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;

/** Generates one instance. */
export function generateInstance(o: GenerateOptions): Instance {
  const rnd = random(o.seed);
  const raw = {
    format: "fahrplan-instance/1",
    ...generatePeople(o, rnd),
    settings: o.settings ?? {},
    fixed: [] as unknown[],
  };
  const instance = parseInstance(raw);
  instance.fixed = placeFixed(instance, o.fixed ?? 0, rnd);
  return o.training ? withTraining(instance, o.training) : instance;
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
  ausbildung: {
    training: {
      eveningUntil: 21,
      examEvery: 4,
      examDay: 10,
      unreleasedEvery: 5,
      lessonMinutes: 45,
    },
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
