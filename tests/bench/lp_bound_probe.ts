/**
 * Probe: the LP relaxation of the whole hard model (exact_repair.ts's programme over every day and
 * instructor) solved by HiGHS; --mip keeps the integers, --yalps tries yalps on the same LP
 * (mittel seed 306 with two lessons a day: 18,676 rows, 19,468 columns; HiGHS LP 722 in 4-11 s).
 * deno run -A tests/bench/lp_bound_probe.ts [OPTIONS_JSON] [--mip] [--yalps]
 */
import { solve } from "yalps";
import { buildModel } from "../../solver/model.ts";
import { neighbourhoodProgramme } from "../../solver/exact/exact_repair.ts";
import { generateInstance } from "../../solver/testing/generate.ts";
import { highs } from "./highs_peer.ts";

const opts = JSON.parse(
  Deno.args[0] ??
    '{"shape":"mittel","seed":306,"settings":{"minBreakMinutes":90,"breakAfterHours":3,"maxLessonsPerStudentPerDay":2}}',
);
const instance = generateInstance(opts);
const model = buildModel(instance);
const all = { days: [...Array(model.days).keys()], instructors: null };
const p = neighbourhoodProgramme(model, [], all, 0);
console.log("rows", p.constraints.size, "vars", p.variables.size);
// LP file
const names = new Map<string, string>();
const nm = (k: string) => {
  if (!names.has(k)) names.set(k, "c" + names.size);
  return names.get(k)!;
};
const vn = new Map<string, string>();
let k = 0;
for (const key of p.variables.keys()) vn.set(key, "x" + k++);
const rows = new Map<string, [string, number][]>();
const obj: string[] = [];
for (const [key, coefs] of p.variables) {
  for (const [r, c] of coefs) {
    if (r === "obj") {
      obj.push(`+ ${c} ${vn.get(key)}`);
      continue;
    }
    if (!p.constraints.has(r)) continue;
    if (!rows.has(r)) rows.set(r, []);
    rows.get(r)!.push([vn.get(key)!, c]);
  }
}
let lp = "Maximize\n obj: " + obj.join(" ") + "\nSubject To\n";
for (const [r, terms] of rows) {
  const c = p.constraints.get(r)!;
  const lhs = terms.map(([v, a]) => `${a >= 0 ? "+" : "-"} ${Math.abs(a)} ${v}`).join(" ");
  if (c.equal !== undefined) lp += ` ${nm(r)}: ${lhs} = ${c.equal}\n`;
  else {
    if (c.max !== undefined) lp += ` ${nm(r)}u: ${lhs} <= ${c.max}\n`;
    if (c.min !== undefined) lp += ` ${nm(r)}l: ${lhs} >= ${c.min}\n`;
  }
}
lp += "Bounds\n";
for (const v of vn.values()) lp += ` ${v} >= 0\n`;
const mip = Deno.args.includes("--mip");
if (mip) lp += "General\n" + p.integers.map((v) => " " + vn.get(v)).join("\n") + "\n";
lp += "End\n";
const solver = await highs();
let t = performance.now();
const r = solver.solve(lp, { time_limit: 300 }) as unknown as {
  Status: string;
  ObjectiveValue: number;
  Rows: { Name: string; Dual: number }[];
};
console.log(
  "highs",
  mip ? "MIP" : "LP",
  r.Status,
  r.ObjectiveValue,
  Math.round(performance.now() - t),
  "ms",
);
if (Deno.args.includes("--yalps")) {
  t = performance.now();
  const y = solve({
    direction: "maximize",
    objective: "obj",
    constraints: p.constraints,
    variables: p.variables,
  }, { timeout: 60000 });
  console.log("yalps LP", y.status, y.result, Math.round(performance.now() - t), "ms");
}
