/**
 * Ordinary lessons as double lessons (settings.ordinaryDoubleLessons "prefer"): after the soft
 * search, a student's lessons of one day are paired into two consecutive slots with the same
 * instructor and transmission wherever every hard rule allows it. Each move stays on its day and
 * keeps every student's lessons as they are (only hours and instructors change), so the number of
 * lessons and every student's share stay exactly those of the plan without double lessons; it is
 * a preference on top, bought with what the soft search had gained (preferred hours, continuity),
 * but never taking an instructor below the floor instructor fairness set.
 *
 * Per student day, in a fixed order (students, then days): lessons already side by side with one
 * instructor are a pair; of the rest, two of one transmission are joined by moving one next to the
 * other (with that other's instructor), where that slot is taken by another student's unpaired
 * lesson by trading places with it, else both to a free pair of slots of either instructor. Every
 * try asks the rulebook (RuleState: every hard rule, `holds` for the rules over several lessons)
 * and is undone when it fails.
 */
import type { Lesson } from "../flow/assign.ts";
import { type Model, slot } from "../model.ts";
import { RuleState } from "../rules/rulebook.ts";

/** A lesson to place anew: its index and its new instructor and hour (the day stays). */
interface Move {
  L: number;
  instructor: number;
  hour: number;
}

/**
 * Pairs lessons in place; returns the pairs of lessons side by side with one instructor
 * afterwards, as [earlier, later] lesson indices (each lesson in at most one pair).
 */
export function pairLessons(
  model: Model,
  lessons: Lesson[],
  floors: readonly number[] = [],
): [number, number][] {
  const H = model.days * 24, nI = model.instance.instructors.length;
  const state = new RuleState(model, lessons);
  const instrAt = new Int32Array(nI * H).fill(-1);
  const given = Int32Array.from(
    model.instructorFixed,
    (g) => g.reduce((n, x) => n + x, 0),
  );
  lessons.forEach((l, L) => {
    instrAt[l.instructor * H + slot(l.day, l.hour)] = L;
    given[l.instructor]++;
  });
  const paired = new Uint8Array(lessons.length);
  const pairs: [number, number][] = [];
  const groups = new Map<number, number[]>();
  lessons.forEach((l, L) => {
    const k = l.student * model.days + l.day;
    const list = groups.get(k);
    if (list) list.push(L);
    else groups.set(k, [L]);
  });
  const keys = [...groups.keys()].filter((k) => groups.get(k)!.length > 1).sort((a, b) => a - b);

  /** Places the moves' lessons anew if every rule and floor allows it, else leaves all as it was. */
  const tryMoves = (moves: Move[]): boolean => {
    const before = moves.map((m) => ({
      instructor: lessons[m.L].instructor,
      hour: lessons[m.L].hour,
    }));
    for (const m of moves) {
      const l = lessons[m.L];
      state.remove(l);
      instrAt[l.instructor * H + slot(l.day, l.hour)] = -1;
      given[l.instructor]--;
    }
    let added = 0, ok = true;
    for (const m of moves) {
      const l = lessons[m.L];
      l.instructor = m.instructor;
      l.hour = m.hour;
      if (!state.fits(l)) {
        ok = false;
        break;
      }
      state.add(l);
      added++;
    }
    if (ok) {
      for (const m of moves) given[m.instructor]++;
      ok = state.holds() && given.every((n, i) => n >= Math.min(floors[i] ?? 0, n + lost(i)));
      for (const m of moves) given[m.instructor]--;
    }
    if (!ok) {
      for (let k = 0; k < added; k++) state.remove(lessons[moves[k].L]);
      moves.forEach((m, k) => Object.assign(lessons[m.L], before[k]));
      for (const m of moves) state.add(lessons[m.L]);
    }
    for (const m of moves) {
      const l = lessons[m.L];
      instrAt[l.instructor * H + slot(l.day, l.hour)] = m.L;
      given[l.instructor]++;
    }
    return ok;

    /** Lessons instructor i gives up in these moves (a floor binds only those who lose). */
    function lost(i: number): number {
      let n = 0;
      moves.forEach((m, k) => {
        if (before[k].instructor === i) n++;
        if (m.instructor === i) n--;
      });
      return n;
    }
  };

  /** Moves `mover` next to `anchor` (with its instructor), trading with a lesson found there. */
  const joinNextTo = (anchor: number, mover: number, hour: number): boolean => {
    if (hour < 0 || hour > 23) return false;
    const a = lessons[anchor], b = lessons[mover];
    const there = instrAt[a.instructor * H + slot(a.day, hour)];
    if (there === mover) return false;
    if (there < 0) return tryMoves([{ L: mover, instructor: a.instructor, hour }]);
    if (paired[there] || there === anchor) return false;
    return tryMoves([
      { L: there, instructor: b.instructor, hour: b.hour },
      { L: mover, instructor: a.instructor, hour },
    ]);
  };

  /** Both lessons to two free consecutive slots of instructor i that day. */
  const joinFresh = (x: number, y: number, i: number): boolean => {
    const d = lessons[x].day;
    for (let h = 0; h < 23; h++) {
      const first = instrAt[i * H + slot(d, h)], second = instrAt[i * H + slot(d, h + 1)];
      if (
        (first >= 0 && first !== x && first !== y) || (second >= 0 && second !== x && second !== y)
      ) {
        continue;
      }
      if (tryMoves([{ L: x, instructor: i, hour: h }, { L: y, instructor: i, hour: h + 1 }])) {
        return true;
      }
    }
    return false;
  };

  const join = (x: number, y: number): boolean => {
    for (const [anchor, mover] of [[x, y], [y, x]]) {
      const h = lessons[anchor].hour;
      if (joinNextTo(anchor, mover, h + 1) || joinNextTo(anchor, mover, h - 1)) return true;
    }
    const ix = lessons[x].instructor, iy = lessons[y].instructor;
    return joinFresh(x, y, ix) || (iy !== ix && joinFresh(x, y, iy));
  };

  for (const key of keys) {
    const group = groups.get(key)!;
    const byHour = () =>
      group.filter((L) => !paired[L]).sort((p, q) => lessons[p].hour - lessons[q].hour);
    // Lessons already side by side with one instructor.
    const open = byHour();
    for (let n = 0; n + 1 < open.length; n++) {
      if (isPair(lessons[open[n]], lessons[open[n + 1]])) {
        paired[open[n]] = paired[open[n + 1]] = 1;
        n++;
      }
    }
    // The others, two at a time, in the order of their hours.
    let progress = true;
    while (progress) {
      progress = false;
      const rest = byHour();
      outer: for (let p = 0; p < rest.length; p++) {
        for (let q = p + 1; q < rest.length; q++) {
          if (lessons[rest[p]].transmission !== lessons[rest[q]].transmission) continue;
          if (join(rest[p], rest[q])) {
            paired[rest[p]] = paired[rest[q]] = 1;
            progress = true;
            break outer;
          }
        }
      }
    }
  }
  for (const key of keys) {
    const list = groups.get(key)!.filter((L) => paired[L]).sort((p, q) =>
      lessons[p].hour - lessons[q].hour
    );
    for (let n = 0; n + 1 < list.length; n += 2) {
      if (isPair(lessons[list[n]], lessons[list[n + 1]])) pairs.push([list[n], list[n + 1]]);
    }
  }
  return pairs;
}

/** Two lessons of one student, side by side, with one instructor and transmission. */
export function isPair(a: Lesson, b: Lesson): boolean {
  return a.student === b.student && a.day === b.day && b.hour === a.hour + 1 &&
    a.instructor === b.instructor && a.transmission === b.transmission;
}
