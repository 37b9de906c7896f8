/**
 * The hard model as a compact MIP in CPLEX LP format, for the peer comparison with HiGHS.
 * Variables y (student lesson at hour and transmission) and z (instructor teaches at hour and
 * transmission) meet per hour and transmission, where any student can take any free qualified
 * instructor. The break rule is exact: with one free hour as the break, "no breakAfterHours+1
 * consecutive hours all taught"; with two (minBreakMinutes above 60), a path through a small
 * automaton per instructor day (twoHourBreaks below; its arcs are continuous, the lessons decide
 * the path). Window rows with a big coefficient were exact too, but HiGHS did not prove mittel
 * instances with them in 60 s.
 *
 * `fairness: { lessons }` asks instead for the best lowest share among plans with exactly that
 * many lessons (a continuous t with lessons_s >= t * need_s for every student with needs).
 */
import type { Instance } from "../../solver/instance.ts";
import { buildModel, slot } from "../../solver/model.ts";
import { buildNetwork } from "../../solver/flow/network.ts";

/** The LP-format text of the MIP maximising the number of new lessons. */
export function mipModel(
  instance: Instance,
  options: { fairness?: { lessons: number } } = {},
): { lp: string; variables: number } {
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
  const extra: string[] = [];
  const byDay = group(tz, (t) => `${t.instructor}/${t.day}`);
  for (const [k, xs] of byDay) {
    const [i, d] = k.split("/").map(Number);
    row(sum(xs), `<= ${model.instructorDayCap[i][d]}`);
    if (model.breakGap === 1) {
      const width = model.breakLimit + 1;
      for (let from = 0; from + 1 < 24; from++) {
        const inWindow = xs.filter((t) => t.hour >= from && t.hour < from + width);
        let fixed = 0;
        for (let h = from; h < from + width && h < 24; h++) {
          fixed += model.instructorFixed[i][slot(d, h)];
        }
        if (inWindow.length + fixed > model.breakLimit) {
          row(sum(inWindow), `<= ${Math.max(0, model.breakLimit - fixed)}`);
        }
      }
    } else twoHourBreaks(i, d, xs);
  }
  /**
   * Exact rule for breaks of two free hours on one instructor day: one unit of flow through an
   * automaton whose state after an hour is (lessons in the current run, free hours since the last
   * one, capped at 2); a lesson arc leaves only states whose run has room, and the lesson arcs of an
   * hour carry the instructor's lessons then (solver/exact/exact_repair.ts does the same for yalps).
   */
  function twoHourBreaks(i: number, d: number, xs: typeof tz) {
    const L = model.breakLimit, gap = model.breakGap;
    const taught = (h: number) => xs.filter((t) => t.hour === h);
    const fixedAt = (h: number) => model.instructorFixed[i][slot(d, h)] === 1;
    const busy = (h: number) => fixedAt(h) || taught(h).length > 0;
    let first = 24, last = -1;
    for (let h = 0; h < 24; h++) {
      if (busy(h)) {
        first = Math.min(first, h);
        last = h;
      }
    }
    const key = (c: number, e: number) => `${c}_${e}`;
    const inflow = new Map<string, string[]>(), outflow = new Map<string, string[]>();
    const add = (m: Map<string, string[]>, k: string, v: string) => {
      if (!m.has(k)) m.set(k, []);
      m.get(k)!.push(v);
    };
    let states = new Set([key(0, gap)]);
    const start: string[] = [];
    for (let h = first; h <= last; h++) {
      const next = new Set<string>();
      const lessonArcs: string[] = [];
      for (const state of states) {
        const [c, e] = state.split("_").map(Number);
        const leave = (arc: string) =>
          h === first ? start.push(arc) : add(outflow, `${h}/${state}`, arc);
        if (busy(h)) {
          const c1 = e >= gap ? 1 : c + 1;
          if (c1 <= L) {
            const arc = `a${i}_${d}_${h}_${state}_t`;
            extra.push(arc);
            leave(arc);
            lessonArcs.push(arc);
            next.add(key(c1, 0));
            add(inflow, `${h + 1}/${key(c1, 0)}`, arc);
          }
        }
        if (!fixedAt(h)) {
          const e1 = Math.min(e + 1, gap);
          const to = key(e1 >= gap ? 0 : c, e1);
          const arc = `a${i}_${d}_${h}_${state}_f`;
          extra.push(arc);
          leave(arc);
          next.add(to);
          add(inflow, `${h + 1}/${to}`, arc);
        }
      }
      if (taught(h).length) {
        row(`${sum(taught(h))}${lessonArcs.map((a) => ` - ${a}`).join("")}`, "= 0");
      } else if (fixedAt(h)) row(lessonArcs.join(" + ") || "0 y0", "= 1");
      states = next;
    }
    if (start.length) row(start.join(" + "), "= 1");
    for (const [k, ins] of inflow) {
      const outs = outflow.get(k);
      if (outs) row(`${ins.join(" + ")}${outs.map((a) => ` - ${a}`).join("")}`, "= 0");
    }
  }
  for (const [k, xs] of group(tz, (t) => `${t.instructor}/${model.weekOfDay[t.day]}`)) {
    const [i, w] = k.split("/").map(Number);
    row(sum(xs), `<= ${model.instructorWeekCap[i][w]}`);
  }
  let objective = " obj: " + (ly.length ? ly.map((l) => l.name).join(" + ") : "0 y0");
  let continuous: string[] = [];
  if (options.fairness) {
    row(ly.length ? sum(ly) : "0 t", `= ${options.fairness.lessons}`);
    for (const [s, xs] of group(ly, (l) => String(l.student))) {
      const st = instance.students[+s];
      row(`${sum(xs)} - ${st.needs.manual + st.needs.automatic} t`, ">= 0");
    }
    // Students who could get no lesson at all hold the share at 0.
    const reachable = new Set(ly.map((l) => l.student));
    const stuck = instance.students.some((st, s) =>
      st.needs.manual + st.needs.automatic > 0 && !reachable.has(s)
    );
    if (stuck) row("t", "<= 0");
    objective = " obj: t";
    continuous = ["t"];
  }
  const names = [...ly.map((l) => l.name), ...tz.map((t) => t.name)];
  continuous = [...continuous, ...extra];
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
