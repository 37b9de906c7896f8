/**
 * Probe: where the bounds on the ordinary lessons are loose (written for the Ausbildung's special
 * drives, any instance works). Prints the split and merged max-flows and the Lagrangian bound from
 * either side's cut, on the model and on the model with the unusable hours closed
 * (solver/bounds/unusable_hours.ts); with --lp HiGHS's LP relaxation of the rulebook's whole model
 * (also with one rule's rows left out: --drop b,v, row names' prefixes) and the Lagrangian bound at
 * the LP's duals on the matching and vehicle rows; with --mip the integer optimum too.
 * deno run -A tests/bench/ausbildung_bound_probe.ts [shape:seed:variant] [--lp] [--mip] [--drop b]
 *
 * What it found (legendary seed 109, `ausbildung`): flows 1259 / 1253, Lagrangian 1224; the LP
 * 1218, HiGHS's optimum, with 0/1 duals, and the Lagrangian at those duals 1674 on the model but
 * 1218 on the closed one: the students' side priced hours beside runs of fixed lessons that the
 * break rule already closes.
 */
import { buildModel, type Model } from "../../solver/model.ts";
import { relaxationFlow } from "../../solver/bounds/bound.ts";
import { lagrangeBound } from "../../solver/bounds/lagrange_bound.ts";
import { withUnusableHoursClosed } from "../../solver/bounds/unusable_hours.ts";
import { planSpecialDrives } from "../../solver/stages/00_special_drives.ts";
import { exactRows, exactVariables } from "../../solver/rules/rulebook.ts";
import { generateInstance, type GenerateOptions, VARIANTS } from "../../solver/testing/generate.ts";
import { Work } from "../../solver/work_budget.ts";
import { highs } from "./highs_peer.ts";

const arg = Deno.args.find((a) => a.includes(":")) ?? "legendary:1:ausbildung";
const dropAt = Deno.args.indexOf("--drop");
const drops = dropAt >= 0 ? Deno.args[dropAt + 1].split(",") : [];
const [shape, seed, variant] = arg.split(":");
const instance = generateInstance(
  { shape, seed: Number(seed) * 100 + shape.length, ...VARIANTS[variant] } as GenerateOptions,
);
const rest = instance.format === "fahrplan-instance/2"
  ? planSpecialDrives(instance).rest
  : instance;
const model = buildModel(rest);
const { model: closed, closed: hours } = withUnusableHoursClosed(model);
const figures = (m: Model) => ({
  split: relaxationFlow(m, "split").lessons,
  merged: relaxationFlow(m, "merged").lessons,
  lagrangeSplit: lagrangeBound(m, { reached: 0 }).upperBound,
  lagrangeMerged: lagrangeBound(m, { reached: 0, start: "merged" }).upperBound,
});
console.log(arg, "model", figures(model));
console.log(arg, `closed (${hours} hours)`, figures(closed));

if (Deno.args.includes("--lp") || Deno.args.includes("--mip")) {
  const scope = { days: [...Array(model.days).keys()], instructors: null, kept: [] };
  const { y, z } = exactVariables(model, scope, {
    y: (v) => `y${v.student}_${v.day}_${v.hour}_${v.t[0]}`,
    z: (v) => `z${v.instructor}_${v.day}_${v.hour}_${v.t[0]}`,
  });
  const { rows, auxiliary } = exactRows(model, scope, { y, z });
  const lp = (drop: string | null, integer: boolean) => {
    const kept = rows.filter((r) => r.terms.length && !(drop && r.name.startsWith(drop)));
    const out = ["Maximize", " obj: " + y.map((v) => v.key).join(" + "), "Subject To"];
    kept.forEach(({ terms, bound }, r) => {
      const expr = terms.map(([v, c]) => `${c < 0 ? "-" : "+"} ${Math.abs(c)} ${v}`).join(" ");
      const rhs = "max" in bound
        ? `<= ${bound.max}`
        : "min" in bound
        ? `>= ${bound.min}`
        : `= ${bound.equal}`;
      out.push(` r${r}: ${expr.replace(/((?:\S+ ){40})/g, "$1\n ")} ${rhs}`);
    });
    const names = [...y, ...z].map((v) => v.key);
    out.push("Bounds", ...[...names, ...auxiliary].map((n) => ` 0 <= ${n} <= 1`));
    if (integer) out.push("General", names.join("\n"));
    out.push("End");
    return { text: out.join("\n"), names: kept.map((r) => r.name) };
  };
  const solver = await highs();
  for (const drop of [null, ...drops]) {
    const { text, names } = lp(drop, false);
    const relaxed = solver.solve(text, { time_limit: 300 }) as unknown as {
      ObjectiveValue: number;
      Rows: { Dual: number; Name: string }[];
    };
    console.log(`LP without ${drop ?? "-"}: ${relaxed.ObjectiveValue}`);
    if (drop === null) atDuals(names, relaxed.Rows);
    if (Deno.args.includes("--mip")) {
      const exact = solver.solve(lp(drop, true).text, { time_limit: 300, mip_rel_gap: 0 });
      console.log(`MIP without ${drop ?? "-"}: ${exact.Status} ${exact.ObjectiveValue}`);
    }
  }
}

/** The Lagrangian bound at the LP's duals: prices on the matching rows, less the vehicles'. */
function atDuals(names: string[], out: { Dual: number; Name: string }[]) {
  const n = model.days * 48;
  const alpha = new Float64Array(n), vehicle = new Float64Array(n);
  const counts = new Map<string, number>();
  for (const r of out) {
    const m = /^(m|v)(\d+)_(\d+)_(manual|automatic)$/.exec(names[Number(r.Name.slice(1))]);
    if (!m) continue;
    const k = (Number(m[2]) * 24 + Number(m[3])) * 2 + (m[4] === "manual" ? 0 : 1);
    (m[1] === "m" ? alpha : vehicle)[k] = Math.abs(r.Dual);
    const key = `${m[1]} ${Math.abs(r.Dual).toFixed(2)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log("duals (row kind, value: rows)", Object.fromEntries(counts));
  const prices = { alpha, beta: alpha.map((a, k) => a - vehicle[k]) };
  for (const [label, m] of [["model", model], ["closed", closed]] as const) {
    const at = lagrangeBound(m, { reached: 0, work: new Work(0), prices });
    console.log(`Lagrangian at the LP's duals, ${label}: ${at.upperBound}`);
  }
}
