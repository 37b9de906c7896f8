/** Small helpers for the rule tests: a lesson, and a rule's rows of a whole tiny instance. */
import type { Instance } from "../instance.ts";
import { buildModel, type Model } from "../model.ts";
import type { ExactRow } from "../rules/rulebook.ts";
import { exactRows, exactVariables } from "../rules/rulebook.ts";
import type { Lesson } from "../rules/rule.ts";

/** A lesson of student s with instructor i on day d at hour h (manual unless given). */
export function lesson(
  s: number,
  i: number,
  d: number,
  h: number,
  transmission: Lesson["transmission"] = "manual",
): Lesson {
  return { student: s, instructor: i, day: d, hour: h, transmission };
}

/** The rows one rule adds to the exact programme of the whole instance with `kept` lessons fixed. */
export function rowsOf(
  instance: Instance,
  prefix: string,
  kept: Lesson[] = [],
): { model: Model; rows: ExactRow[] } {
  const model = buildModel(instance);
  const scope = { days: [...Array(model.days).keys()], instructors: null, kept };
  const vars = exactVariables(model, scope, {
    y: (v) => `y${v.student}_${v.day}_${v.hour}_${v.t[0]}`,
    z: (v) => `z${v.instructor}_${v.day}_${v.hour}_${v.t[0]}`,
  });
  const rows = exactRows(model, scope, vars).rows.filter((r) => r.name.startsWith(prefix));
  return { model, rows };
}
