/**
 * The hard model as a compact MIP in CPLEX LP format, for the peer comparison with HiGHS.
 * Variables y (student lesson at hour and transmission) and z (instructor teaches at hour and
 * transmission) meet per hour and transmission, where any student can take any free qualified
 * instructor; the break rule is exact as "no breakAfterHours+1 consecutive hours all taught"
 * (with minBreakMinutes above 60 the windows of breakAfterHours+2 hours are a relaxation).
 */
import type { Instance } from "../../solver/instance.ts";
import { buildModel, slot } from "../../solver/model.ts";
import { buildNetwork } from "../../solver/network.ts";
import { breakWindows } from "../../solver/rules/break_after_hours.ts";

/** The LP-format text of the MIP maximising the number of new lessons. */
export function mipModel(instance: Instance): { lp: string; variables: number } {
  const model = buildModel(instance);
  const { lessons, teaching } = buildNetwork(model, "split");
  const rows: string[] = [];
  const group = <T>(items: T[], key: (x: T) => string) => {
    const map = new Map<string, T[]>();
    for (const x of items) {
      const k = key(x);
      if (!map.has(k)) map.set(k, []);
      map.get(k)!.push(x);
    }
    return map;
  };
  const y = (k: number) => `y${k}`, z = (k: number) => `z${k}`;
  const ly = lessons.map((l, k) => ({ ...l, name: y(k) }));
  const tz = teaching.map((t, k) => ({ ...t, name: z(k) }));
  const sum = (xs: { name: string }[]) => xs.map((x) => x.name).join(" + ");
  let r = 0;
  const row = (expr: string, rhs: string) => rows.push(` c${r++}: ${expr} ${rhs}`);

  for (const [k, xs] of group(ly, (l) => `${l.student}/${l.transmission}`)) {
    const [s, t] = k.split("/");
    row(sum(xs), `<= ${instance.students[+s].needs[t as "manual" | "automatic"]}`);
  }
  for (const [k, xs] of group(ly, (l) => `${l.student}/${l.day}`)) {
    const [s, d] = k.split("/").map(Number);
    row(sum(xs), `<= ${model.studentDayCap[s][d]}`);
  }
  for (const xs of group(ly, (l) => `${l.student}/${l.day}/${l.hour}`).values()) {
    if (xs.length > 1) row(sum(xs), "<= 1");
  }
  const teachByHour = group(tz, (t) => `${t.day}/${t.hour}/${t.transmission}`);
  for (const [k, xs] of group(ly, (l) => `${l.day}/${l.hour}/${l.transmission}`)) {
    const teachers = teachByHour.get(k) ?? [];
    row(`${sum(xs)}${teachers.map((t) => ` - ${t.name}`).join("")}`, "= 0");
    const [d, h, t] = k.split("/");
    if (model.vehicleCap) {
      row(sum(teachers), `<= ${model.vehicleCap[t as "manual" | "automatic"][slot(+d, +h)]}`);
    }
  }
  for (const xs of group(tz, (t) => `${t.instructor}/${t.day}/${t.hour}`).values()) {
    if (xs.length > 1) row(sum(xs), "<= 1");
  }
  const byDay = group(tz, (t) => `${t.instructor}/${t.day}`);
  for (const [k, xs] of byDay) {
    const [i, d] = k.split("/").map(Number);
    row(sum(xs), `<= ${model.instructorDayCap[i][d]}`);
    const width = model.breakLimit + model.breakGap;
    const aligned = Deno.env.get("ALIGNED") === "1";
    const possible = Array.from(
      { length: 24 },
      (_, h) => model.instructorPossible[i][slot(d, h)] === 1,
    );
    const starts = aligned
      ? breakWindows(possible, model.breakLimit, model.breakGap).map(([f]) => f)
      : [...Array(24).keys()];
    for (const from of starts) {
      const inWindow = xs.filter((t) => t.hour >= from && t.hour < from + width);
      let fixed = 0;
      for (let h = from; h < from + width; h++) fixed += model.instructorFixed[i][slot(d, h)];
      if (inWindow.length + fixed > model.breakLimit) {
        row(sum(inWindow), `<= ${Math.max(0, model.breakLimit - fixed)}`);
      }
    }
  }
  for (const [k, xs] of group(tz, (t) => `${t.instructor}/${model.weekOfDay[t.day]}`)) {
    const [i, w] = k.split("/").map(Number);
    row(sum(xs), `<= ${model.instructorWeekCap[i][w]}`);
  }
  const names = [...ly.map((l) => l.name), ...tz.map((t) => t.name)];
  const wrap = (xs: string[], sep: string) => {
    const out: string[] = [];
    for (let k = 0; k < xs.length; k += 20) out.push(" " + xs.slice(k, k + 20).join(sep));
    return out.join("\n");
  };
  const lp = [
    "Maximize",
    " obj: " + (ly.length ? ly.map((l) => l.name).join(" + ") : "0 y0"),
    "Subject To",
    ...rows.map((line) => line.replace(/((?:\S+ ){40})/g, "$1\n ")),
    "Bounds",
    ...names.map((n) => ` 0 <= ${n} <= 1`),
    "General",
    wrap(names, " "),
    "End",
  ].join("\n");
  return { lp, variables: names.length };
}
