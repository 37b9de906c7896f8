import { connect } from "../api/db.ts";

/**
 * deno task solver: the planner worker. Waits for planner jobs (LISTEN/NOTIFY, with a poll every
 * 2 s as fallback) and exits cleanly on SIGTERM. The planner issue fills in the job work.
 */
const url = Deno.env.get("DATABASE_URL");
if (!url) {
  console.error("DATABASE_URL ist nicht gesetzt.");
  Deno.exit(2);
}
const sql = connect(url, { max: 2 });
let stopping = false;
const wake = Promise.withResolvers<void>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    stopping = true;
    wake.resolve();
  });
}
console.log("Solver wartet auf Planungsaufträge");
while (!stopping) {
  await Promise.race([wake.promise, new Promise((r) => setTimeout(r, 2000))]);
}
await sql.end({ timeout: 5 });
console.log("Solver beendet");
