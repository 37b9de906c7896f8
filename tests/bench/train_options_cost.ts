/**
 * What the Ausbildung's pickup points and "one vehicle per instructor and day" (issue 22) cost on
 * the five example shapes as version 2 (evening hours to 21:00, no special drives): lessons, the
 * bound, instructor days that use more than one car, and seconds (median of `--runs`, default 1),
 * for: as it is; 4 pickup points with 45-minute lessons and 15 minutes to change (the rule cannot
 * bind); 4 pickup points with 60-minute lessons and 15 minutes; one car a day soft; and hard.
 *
 *   deno run -A tests/bench/train_options_cost.ts [--runs 3] [klein mittel ...]
 */
import { type Instance, parseInstance } from "../../solver/instance.ts";
import { timedPlan } from "../../solver/plan.ts";
import { withTraining } from "../../solver/testing/ausbildung.ts";
import { verifyPlan } from "../../solver/verify.ts";
import type { Appointment } from "../../solver/plan_format.ts";

const args = [...Deno.args];
const at = args.indexOf("--runs");
const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 1;
const shapes = args.length ? args : ["klein", "mittel", "gross", "mega", "legendary"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function carChanges(appointments: readonly Appointment[]): number {
  const cars = new Map<string, Set<string>>();
  for (const a of appointments) {
    if (!a.vehicle) continue;
    const k = `${a.instructor} ${a.start.slice(0, 10)} ${a.transmission}`;
    if (!cars.has(k)) cars.set(k, new Set());
    cars.get(k)!.add(a.vehicle);
  }
  return [...cars.values()].filter((s) => s.size > 1).length;
}

for (const shape of shapes) {
  const url = new URL(`../../solver/examples/${shape}.json`, import.meta.url);
  const v1 = parseInstance(JSON.parse(await Deno.readTextFile(url)));
  const base = { eveningUntil: 21, specialEvery: 1_000_000 };
  const variants: [string, Instance][] = [
    ["v2, 60 min", withTraining(v1, { ...base, lessonMinutes: 60 })],
    [
      "4 Treffpunkte, 45/15",
      withTraining(v1, { ...base, lessonMinutes: 45, pickupPoints: 4, pickupChangeMinutes: 15 }),
    ],
    [
      "4 Treffpunkte, 60/15",
      withTraining(v1, { ...base, lessonMinutes: 60, pickupPoints: 4, pickupChangeMinutes: 15 }),
    ],
    ["1 Fahrzeug/Tag soft", withTraining(v1, { ...base, lessonMinutes: 60 })],
    ["1 Fahrzeug/Tag hard", withTraining(v1, { ...base, lessonMinutes: 60 })],
  ];
  variants[3][1].settings.vehiclePerDay = "soft";
  variants[4][1].settings.vehiclePerDay = "hard";
  for (const [name, instance] of variants) {
    const seconds: number[] = [];
    let result = null;
    for (let r = 0; r < runs; r++) {
      const t = timedPlan(instance);
      seconds.push(t.timing.seconds);
      result = t.plan;
    }
    const p = result!;
    const problems = verifyPlan(instance, p).length;
    console.log(
      `${shape.padEnd(10)} ${name.padEnd(22)} lessons ${
        String(p.appointments.length).padStart(5)
      }` +
        ` bound ${String(p.stats.upperBound).padStart(5)} car changes ${
          String(carChanges(p.appointments)).padStart(4)
        } ${median(seconds).toFixed(2)} s${problems ? ` INVALID ${problems}` : ""}`,
    );
  }
}
