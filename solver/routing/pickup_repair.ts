/**
 * Takes back what the flows let through of the pickup rule (rules/pickup_change.ts): the max-flow,
 * the exact repair's rows and the instructors' fair routing choose hours and instructors without
 * knowing who meets where. Every lesson that breaks the rule (a neighbouring lesson of its
 * instructor at another pickup point, too close) is, in this order: swapped with another lesson of
 * its hour (the two instructors trade), given to an instructor free then, moved to the first place
 * (day, hour, instructor) where every hard rule holds, or, where none does, left out of the plan.
 * The student keeps the transmission; each change asks the whole rulebook, so no other rule
 * breaks. Deterministic: lessons in order of day, hour, instructor; places in order.
 */
import type { Model } from "../model.ts";
import { RuleState } from "../rules/rulebook.ts";
import type { Lesson } from "../rules/rule.ts";
import { fixedGrid, pickupCodes, pickupRuleBinds, tooClose } from "../rules/pickup_change.ts";
import { minCostAssignment } from "../search/assignment.ts";

/**
 * Before any lesson moves: per day, hour by hour, the lessons of an hour are matched again to the
 * instructors teaching then (min-cost assignment), so that as few as possible meet the instructor's
 * lesson of the hour before at another pickup point too closely; a change of instructor costs a
 * little, so where it makes no difference the soft search's choice stays. The hours each
 * instructor teaches and each lesson's student, hour and transmission stay, so only qualification
 * needs asking. Returns how many lessons changed instructor.
 */
export function pairByPickup(model: Model, lessons: Lesson[]): number {
  const change = model.instance.settings.pickupChangeMinutes;
  const codes = pickupCodes(model), H = model.days * 24;
  const g = fixedGrid(model, codes);
  const minutes = (l: Lesson) => l.minutes ?? model.lessonMinutes;
  const byHour = new Map<number, number[]>();
  lessons.forEach((l, k) => {
    if (l.kind) {
      const at = l.instructor * H + l.day * 24 + l.hour;
      (g.code[at] = codes[l.student]), (g.minutes[at] = minutes(l));
      return;
    }
    const key = l.day * 24 + l.hour;
    if (!byHour.has(key)) byHour.set(key, []);
    byHour.get(key)!.push(k);
  });
  const teaches = (i: number, t: Lesson["transmission"]) =>
    model.instance.instructors[i].transmissions.includes(t);
  let changed = 0;
  for (const key of [...byHour.keys()].sort((a, b) => a - b)) {
    const rows = byHour.get(key)!, hour = key % 24;
    const cols = rows.map((k) => lessons[k].instructor);
    const cost = rows.map((k) => {
      const l = lessons[k], c = codes[l.student];
      return cols.map((i) => {
        if (!teaches(i, l.transmission)) return 1e9;
        let cost = i === l.instructor ? 0 : 0.001;
        if (hour > 0 && c >= 0) {
          const before = i * H + key - 1;
          const p = g.code[before];
          if (p >= 0 && p !== c && tooClose(g.minutes[before], change)) cost += 1;
        }
        return cost;
      });
    });
    const to = minCostAssignment(cost, cols.length);
    rows.forEach((k, r) => {
      const l = lessons[k], i = cols[to[r]];
      if (cost[r][to[r]] >= 1e9) return; // cannot happen: the current pairing is qualified
      if (i !== l.instructor) changed++;
      l.instructor = i;
      const at = i * H + key;
      (g.code[at] = codes[l.student]), (g.minutes[at] = minutes(l));
    });
  }
  return changed;
}

/** Repairs `lessons` in place; returns how many lessons had to be left out. */
export function repairPickupChanges(
  model: Model,
  lessons: Lesson[],
): { moved: number; dropped: number } {
  if (!pickupRuleBinds(model)) return { moved: 0, dropped: 0 };
  pairByPickup(model, lessons);
  const state = new RuleState(model, lessons);
  const rule = state.tracker("pickup_change");
  const nI = model.instance.instructors.length;
  const at = new Map<number, number>(); // instructor slot -> lesson index
  const key = (i: number, d: number, h: number) => (i * model.days + d) * 24 + h;
  lessons.forEach((l, k) => at.set(key(l.instructor, l.day, l.hour), k));
  const order = lessons.map((_, k) => k).sort((a, b) => {
    const x = lessons[a], y = lessons[b];
    return x.day - y.day || x.hour - y.hour || x.instructor - y.instructor;
  });
  const dropped = new Set<number>();
  let moved = 0;
  const place = (k: number, i: number, d: number, h: number) => {
    const l = lessons[k];
    at.delete(key(l.instructor, l.day, l.hour));
    l.instructor = i;
    l.day = d;
    l.hour = h;
    at.set(key(i, d, h), k);
  };
  for (const k of order) {
    const l = lessons[k];
    if (l.kind || rule.fits(l)) continue;
    state.remove(l);
    const { instructor: i0, day: d0, hour: h0 } = l;
    let done = false;
    // 1. Trade instructors with another lesson of the hour.
    for (let j = 0; j < nI && !done; j++) {
      const m = at.get(key(j, d0, h0));
      if (j === i0 || m === undefined || lessons[m].kind) continue;
      const other = lessons[m];
      state.remove(other);
      const mine = { ...l, instructor: j }, theirs = { ...other, instructor: i0 };
      if (state.fits(mine)) {
        state.add(mine);
        if (state.fits(theirs)) {
          state.remove(mine);
          at.delete(key(i0, d0, h0));
          at.delete(key(j, d0, h0));
          l.instructor = j;
          other.instructor = i0;
          at.set(key(j, d0, h0), k);
          at.set(key(i0, d0, h0), m);
          state.add(other);
          state.add(l);
          done = true;
          break;
        }
        state.remove(mine);
      }
      state.add(other);
    }
    // 2. Any other place: the same hour first, then every day and hour in order.
    const probe: Lesson = { ...l };
    const tryAt = (d: number, h: number) => {
      probe.day = d;
      probe.hour = h;
      for (let j = 0; j < nI; j++) {
        probe.instructor = j;
        if (state.fits(probe)) {
          place(k, j, d, h);
          state.add(l);
          return true;
        }
      }
      return false;
    };
    if (!done) done = tryAt(d0, h0);
    for (let d = 0; d < model.days && !done; d++) {
      for (let h = 0; h < 24 && !done; h++) if (d !== d0 || h !== h0) done = tryAt(d, h);
    }
    if (done) moved++;
    else {
      at.delete(key(i0, d0, h0));
      dropped.add(k);
    }
  }
  if (dropped.size > 0) {
    const kept = lessons.filter((_, k) => !dropped.has(k));
    lessons.length = 0;
    lessons.push(...kept);
  }
  return { moved, dropped: dropped.size };
}
