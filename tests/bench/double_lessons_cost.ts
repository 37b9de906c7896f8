/**
 * What ordinary double lessons (settings.ordinaryDoubleLessons "prefer", issue 22) cost and give on
 * the five example shapes as version 2 (45-minute lessons, no special drives): lessons, the lowest
 * share, double lessons formed (of the student days with two lessons of the plan), the soft
 * figures and the planner's CPU seconds (process.cpuUsage, user and system; median of `--runs`,
 * default 1) with "off" and "prefer", once with the examples' one lesson per student and day
 * (nothing to pair) and once with two.
 *
 *   deno run -A tests/bench/double_lessons_cost.ts [--runs 3] [klein mittel ...]
 */
import { type Instance, parseInstance } from "../../solver/instance.ts";
import { timedPlan } from "../../solver/plan.ts";
import { withTraining } from "../../solver/testing/ausbildung.ts";
import { verifyPlan } from "../../solver/verify.ts";
import process from "node:process";
import type { Plan } from "../../solver/plan_format.ts";

const args = [...Deno.args];
const at = args.indexOf("--runs");
const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 1;
const shapes = args.length ? args : ["klein", "mittel", "gross", "mega", "legendary"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Student days holding two ordinary lessons (one double lesson or two single ones). */
function twoLessonDays(plan: Plan, lessonMinutes: number): number {
  const perDay = new Map<string, number>();
  for (const a of plan.appointments) {
    if (a.kind !== "driving_lesson") continue;
    const length = Number(a.end!.slice(11, 13)) * 60 + Number(a.end!.slice(14)) -
      Number(a.start.slice(11, 13)) * 60;
    const k = `${a.student} ${a.start.slice(0, 10)}`;
    perDay.set(k, (perDay.get(k) ?? 0) + length / lessonMinutes);
  }
  return [...perDay.values()].filter((n) => n >= 2).length;
}

for (const shape of shapes) {
  const url = new URL(`../../solver/examples/${shape}.json`, import.meta.url);
  const v1 = parseInstance(JSON.parse(await Deno.readTextFile(url)));
  for (const perDay of [1, 2]) {
    for (const setting of ["off", "prefer"] as const) {
      const instance: Instance = withTraining(v1, { lessonMinutes: 45, specialEvery: 1_000_000 });
      instance.settings.maxLessonsPerStudentPerDay = perDay;
      instance.settings.ordinaryDoubleLessons = setting;
      const seconds: number[] = [];
      let result = null;
      for (let r = 0; r < runs; r++) {
        const before = process.cpuUsage();
        result = timedPlan(instance).plan;
        const used = process.cpuUsage(before);
        seconds.push((used.user + used.system) / 1e6);
      }
      const p = result!, s = p.stats;
      const problems = verifyPlan(instance, p).length;
      console.log(
        `${shape.padEnd(10)} ${perDay}/Tag ${setting.padEnd(6)} lessons ${
          String(s.lessons).padStart(5)
        } minShare ${s.minShare.toFixed(3)} doubles ${
          String(s.ordinaryDoubleLessons ?? 0).padStart(4)
        } of ${String(twoLessonDays(p, 45)).padStart(4)} prefTimes ${
          s.preferredTimesShare.toFixed(3)
        } instr/month ${s.instructorsPerMonth.toFixed(2)} CPU ${median(seconds).toFixed(2)} s${
          problems ? ` INVALID ${problems}` : ""
        }`,
      );
    }
  }
}
