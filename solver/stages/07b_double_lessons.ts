/**
 * Stage 7b (settings.ordinaryDoubleLessons "prefer"): a student's lessons of a day paired into
 * double lessons, two consecutive slots with one instructor (double/pair_lessons.ts), after the
 * soft search and before the cars are named (stage 8 gives both slots of a pair one car). Lessons
 * and shares stay as they are; with "off" nothing happens.
 */
import { pairLessons } from "../double/pair_lessons.ts";
import type { Searched } from "./07_soft_search.ts";

export interface Paired extends Searched {
  /** The pairs formed, as [earlier, later] lesson indices (empty with "off"). */
  doubles: [number, number][];
}

export function pairDoubleLessons(s: Searched): Paired {
  const { run: { instance }, model, lessons, floors } = s;
  if (instance.settings.ordinaryDoubleLessons !== "prefer") return { ...s, doubles: [] };
  return { ...s, doubles: pairLessons(model, lessons, floors) };
}
