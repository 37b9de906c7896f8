/**
 * Keeps the CPU busy while `fn` runs: `workers` Web Workers spin (each on a core of its own
 * thread) from before `fn` starts until it ends. For tests and benches that show the planner's
 * result does not depend on the machine's load (work_budget.ts).
 */
const SPINNER = `
self.onmessage = () => {
  self.postMessage("spinning");
  let x = 0;
  for (;;) x = (x * 1103515245 + 12345) | 0; // until terminate()
};
`;

export async function withBusyCpu<T>(workers: number, fn: () => T | Promise<T>): Promise<T> {
  const url = URL.createObjectURL(new Blob([SPINNER], { type: "text/javascript" }));
  const spinners = [...Array(workers)].map(() => new Worker(url, { type: "module" }));
  try {
    // Started: each has answered from inside its loop's thread before fn runs.
    await Promise.all(spinners.map((w) =>
      new Promise<void>((resolve) => {
        w.onmessage = () => resolve();
        w.postMessage("go");
      })
    ));
    return await fn();
  } finally {
    for (const w of spinners) w.terminate();
    URL.revokeObjectURL(url);
  }
}
