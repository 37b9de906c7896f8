/** Hard rule: at most breakAfterHours lessons in a row per instructor; above 60 break minutes it takes two free hours to end a row. */

/** Free hours in a row that end a run of lessons. */
export function freeHoursForBreak(minBreakMinutes: number): number {
  return minBreakMinutes > 60 ? 2 : 1;
}

/** Groups sorted lesson hours into runs: a run ends at `gap` free hours in a row. */
export function lessonRuns(hours: number[], gap: number): number[][] {
  const sorted = [...hours].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const h of sorted) {
    const run = runs.at(-1);
    if (run && h - run[run.length - 1] - 1 < gap) run.push(h);
    else runs.push([h]);
  }
  return runs;
}

/** Runs with more than `limit` lessons. */
export function overlongRuns(hours: number[], limit: number, gap: number): number[][] {
  return lessonRuns(hours, gap).filter((run) => run.length > limit);
}

/**
 * Windows [from, to) of limit+gap consecutive hours, laid over each stretch of possible hours from
 * its end backwards (lessons crowd into the late hours, where students are free).
 * Any valid day has at most `limit` lessons in such a window, so the flow may cap each window at
 * `limit` without losing a valid plan; stretches split where `gap` impossible hours break every run.
 */
export function breakWindows(possible: boolean[], limit: number, gap: number): [number, number][] {
  const width = limit + gap;
  const windows: [number, number][] = [];
  const hours = possible.flatMap((p, h) => (p ? [h] : []));
  for (const stretch of lessonRuns(hours, gap)) {
    if (stretch.length <= limit) continue;
    const first = stretch[0], last = stretch[stretch.length - 1];
    for (let to = last + 1; to > first; to -= width) {
      windows.push([Math.max(first, to - width), to]);
    }
  }
  return windows;
}
