import type { Instance } from "../instance.ts";

/**
 * The highest lowest share that `lessons` lessons can pay for at all: a lowest share s needs
 * ceil(s · need) lessons of every student with needs. The flow relaxation bounds the share and the
 * lessons separately; once a tighter bound has cut the lessons (stage 5), its share may no longer
 * be reachable with them (four students with one lesson each but only three lessons possible: the
 * lowest share is 0, not 1), and a search for it would spend its whole budget in vain.
 */
export function shareWithinLessons(instance: Instance, lessons: number, share: number): number {
  const needs = instance.students
    .map((st) => st.needs.manual + st.needs.automatic)
    .filter((need) => need > 0);
  const lessonsFor = (s: number) =>
    needs.reduce((sum, need) => sum + Math.ceil(s * need - 1e-9), 0);
  if (lessonsFor(share) <= lessons) return share;
  // The lowest share is some student's got/need: the candidates below `share`, searched by bisection
  // (lessonsFor grows with s).
  const candidates = [
    ...new Set(needs.flatMap((need) => Array.from({ length: need + 1 }, (_, k) => k / need))),
  ].filter((s) => s < share).sort((a, b) => a - b);
  let low = 0; // candidates[0] is 0, which needs no lessons
  let high = candidates.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (lessonsFor(candidates[mid]) <= lessons) low = mid;
    else high = mid - 1;
  }
  return candidates[low];
}
