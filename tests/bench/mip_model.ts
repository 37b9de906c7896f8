/**
 * The hard model as a compact MIP in CPLEX LP format, for the peer comparison with HiGHS.
 * Variables y (student lesson at hour and transmission) and z (instructor teaches at hour and
 * transmission) meet per hour and transmission, where any student can take any free qualified
 * instructor. The variables and every row are the planner's rulebook (solver/rules/rulebook.ts:
 * each hard rule's `exactRows`, the same rows the exact repair gives yalps), so HiGHS and the
 * planner solve the same model by construction; this file only writes it as text. The break rule
 * is exact there: with one free hour as the break, window rows; with two (minBreakMinutes above
 * 60), a path through a small automaton per instructor day (its arcs are continuous, the lessons
 * decide the path).
 *
 * `fairness: { lessons }` asks instead for the best lowest share among plans with exactly that
 * many lessons (a continuous t with lessons_s >= t * need_s for every student with needs).
 */
import type { Instance } from "../../solver/instance.ts";
import { buildModel } from "../../solver/model.ts";
import { exactRows, exactVariables } from "../../solver/rules/rulebook.ts";
import type { Bound } from "../../solver/rules/rule.ts";

/** The LP-format text of the MIP maximising the number of new lessons. */
export function mipModel(
  instance: Instance,
  options: { fairness?: { lessons: number } } = {},
): { lp: string; variables: number } {
  const model = buildModel(instance);
  const scope = { days: [...Array(model.days).keys()], instructors: null, kept: [] };
  const { y, z } = exactVariables(model, scope, {
    y: (v) => `y${v.student}_${v.day}_${v.hour}_${v.t[0]}`,
    z: (v) => `z${v.instructor}_${v.day}_${v.hour}_${v.t[0]}`,
  });
  const { rows: ruleRows, auxiliary } = exactRows(model, scope, { y, z });
  const rows: string[] = [];
  let r = 0;
  const row = (expr: string, rhs: string) => rows.push(` c${r++}: ${expr} ${rhs}`);
  const sum = (xs: { key: string }[]) => xs.map((x) => x.key).join(" + ");
  const rhs = (b: Bound) =>
    "max" in b ? `<= ${b.max}` : "min" in b ? `>= ${b.min}` : `= ${b.equal}`;
  for (const { terms, bound } of ruleRows) {
    if (terms.length === 0) continue; // holds 0, which every empty row of the rules allows
    const expr = terms.map(([v, c]) =>
      `${c < 0 ? "-" : "+"} ${Math.abs(c) === 1 ? "" : `${Math.abs(c)} `}${v}`
    ).join(" ");
    row(expr.replace(/^\+ /, ""), rhs(bound));
  }
  let objective = " obj: " + (y.length ? sum(y) : "0 t");
  let continuous: string[] = [];
  if (options.fairness) {
    row(y.length ? sum(y) : "0 t", `= ${options.fairness.lessons}`);
    const byStudent = new Map<number, typeof y>();
    for (const v of y) {
      if (!byStudent.has(v.student)) byStudent.set(v.student, []);
      byStudent.get(v.student)!.push(v);
    }
    for (const [s, xs] of byStudent) {
      const st = instance.students[s];
      row(`${sum(xs)} - ${st.needs.manual + st.needs.automatic} t`, ">= 0");
    }
    // Students who could get no lesson at all hold the share at 0.
    const stuck = instance.students.some((st, s) =>
      st.needs.manual + st.needs.automatic > 0 && !byStudent.has(s)
    );
    if (stuck) row("t", "<= 0");
    objective = " obj: t";
    continuous = ["t"];
  }
  const names = [...y, ...z].map((v) => v.key);
  continuous = [...continuous, ...auxiliary];
  const wrap = (xs: string[], sep: string) => {
    const out: string[] = [];
    for (let k = 0; k < xs.length; k += 20) out.push(" " + xs.slice(k, k + 20).join(sep));
    return out.join("\n");
  };
  const lp = [
    "Maximize",
    objective,
    "Subject To",
    ...rows.map((line) => line.replace(/((?:\S+ ){40})/g, "$1\n ")),
    "Bounds",
    ...names.map((n) => ` 0 <= ${n} <= 1`),
    ...continuous.map((n) => ` 0 <= ${n} <= 1`),
    "General",
    wrap(names, " "),
    "End",
  ].join("\n");
  return { lp, variables: names.length + continuous.length };
}
