import type { Instance } from "../instance.ts";

/** The lowest share of needs met over the students with needs. */
export function lowestShareOf(instance: Instance, lessons: { student: number }[]): number {
  const got = new Array(instance.students.length).fill(0);
  for (const l of lessons) got[l.student]++;
  let lowest = 1;
  instance.students.forEach((st, s) => {
    const need = st.needs.manual + st.needs.automatic;
    if (need > 0) lowest = Math.min(lowest, got[s] / need);
  });
  return lowest;
}
