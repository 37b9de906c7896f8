/**
 * Takes back what the flows let through of the hard "one vehicle per instructor and day" rule
 * (rules/one_vehicle_per_day.ts): where more instructors teach a transmission on a day than there
 * are cars of it, the instructor with the fewest new lessons of it that day gives them up; each
 * goes, asking the whole rulebook, to an instructor already driving that transmission that day in
 * the same hour, else to the first place (day, hour, instructor) where every rule holds, else out
 * of the plan. Deterministic: days, transmissions and places in order.
 */
import type { Model } from "../model.ts";
import { RuleState } from "../rules/rulebook.ts";
import type { Lesson } from "../rules/rule.ts";
import { oneVehiclePerDayOn } from "../rules/one_vehicle_per_day.ts";

/** Repairs `lessons` in place; returns how many lessons moved and how many were left out. */
export function repairVehicleDays(
  model: Model,
  lessons: Lesson[],
): { moved: number; dropped: number } {
  if (!oneVehiclePerDayOn(model)) return { moved: 0, dropped: 0 };
  const state = new RuleState(model, lessons);
  const cars = { manual: 0, automatic: 0 };
  for (const v of model.instance.vehicles) cars[v.transmission]++;
  const nI = model.instance.instructors.length;
  const fixedThere = new Set(
    model.instance.fixed.map((f) => `${f.instructor} ${f.start.slice(0, 10)} ${f.transmission}`),
  );
  const dropped = new Set<Lesson>();
  let moved = 0;
  for (let d = 0; d < model.days; d++) {
    for (const t of ["manual", "automatic"] as const) {
      for (;;) {
        const mine = new Map<number, Lesson[]>();
        for (const l of lessons) {
          if (l.day !== d || l.transmission !== t || dropped.has(l)) continue;
          if (!mine.has(l.instructor)) mine.set(l.instructor, []);
          mine.get(l.instructor)!.push(l);
        }
        const ids = model.instance.instructors.map((x) => x.id);
        const present = new Set(mine.keys());
        for (let i = 0; i < nI; i++) {
          if (fixedThere.has(`${ids[i]} ${model.dates[d]} ${t}`)) present.add(i);
        }
        if (present.size <= cars[t]) break;
        // The instructor with the fewest new lessons gives them up (a fixed one cannot).
        const [give] = [...mine.entries()]
          .filter(([i]) => !fixedThere.has(`${ids[i]} ${model.dates[d]} ${t}`))
          .sort((a, b) => a[1].length - b[1].length || a[0] - b[0]);
        if (!give) break;
        for (const l of give[1]) state.remove(l);
        for (const l of give[1]) {
          const probe: Lesson = { ...l };
          const tryAt = (day: number, hour: number, only?: Set<number>) => {
            probe.day = day;
            probe.hour = hour;
            for (let j = 0; j < nI; j++) {
              if (j === give[0] && day === d) continue;
              if (only && !only.has(j)) continue;
              probe.instructor = j;
              if (state.fits(probe)) {
                Object.assign(l, { instructor: j, day, hour });
                state.add(l);
                return true;
              }
            }
            return false;
          };
          let done = tryAt(l.day, l.hour, new Set([...mine.keys()].filter((i) => i !== give[0])));
          for (let day = 0; day < model.days && !done; day++) {
            for (let h = 0; h < 24 && !done; h++) {
              done = tryAt(day, h);
            }
          }
          if (done) moved++;
          else dropped.add(l);
        }
      }
    }
  }
  if (dropped.size > 0) {
    const kept = lessons.filter((l) => !dropped.has(l));
    lessons.length = 0;
    lessons.push(...kept);
  }
  return { moved, dropped: dropped.size };
}
