/** Hard rule: nobody (instructor, student, vehicle) is booked twice in the same hour. */

/** Keys of an hour slot for one person or vehicle. */
export function slotKey(who: string, start: string): string {
  return `${who}@${start}`;
}

/** Returns the keys that occur more than once. */
export function doubleBooked(keys: string[]): string[] {
  const seen = new Set<string>(), twice = new Set<string>();
  for (const k of keys) (seen.has(k) ? twice : seen).add(k);
  return [...twice];
}
