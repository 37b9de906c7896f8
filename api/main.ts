import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { connect } from "../db/connection.ts";
import { webRoutes } from "./static.ts";
import { deleteExpiredSessions } from "./auth/queries.ts";
import { closeImportReader } from "./imports/read_off_thread.ts";
import { closeHashPool } from "./auth/hash_pool.ts";
import { plannerEventHub } from "./planner/events.ts";

/** Requests in flight at SIGTERM may finish within this time; then the process ends anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the HTTP server: the API under /api and the built web app everywhere else. */
const config = readConfig();
const sql = connect(config.databaseUrl);
const app = createApp({ sql, config, web: webRoutes(config.webDist) });

const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  onListen: ({ port }) => console.log(`Fahrplan läuft auf http://localhost:${port}`),
}, app.fetch);

// Ended sessions and old throttle rows are deleted at start and every hour after.
const cleanUp = () =>
  deleteExpiredSessions(sql).catch((err) => console.error("Aufräumen der Sitzungen:", err));
void cleanUp();
const cleanUpTimer = setInterval(cleanUp, 60 * 60 * 1000);

/**
 * Graceful stop: the listener closes at once (no new connections), requests in flight get their
 * answers (an import's transaction commits and the client hears so), idle keep-alive connections
 * are closed; only then the database pool, because those requests still need it. A request that
 * hangs longer than the grace time does not keep the process alive.
 */
let stopping: Promise<void> | undefined;
async function stop(signal: string): Promise<void> {
  console.log(`${signal}: Fahrplan wird beendet, laufende Anfragen werden noch beantwortet`);
  clearInterval(cleanUpTimer);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const graceOver = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), SHUTDOWN_GRACE_MS);
  });
  // The planner cards' open streams would hold the shutdown for the whole grace time; ended, the
  // cards poll until the API is back.
  await plannerEventHub(sql).close();
  const outcome = await Promise.race([server.shutdown().then(() => "done" as const), graceOver]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    console.error(
      `Nach ${SHUTDOWN_GRACE_MS / 1000} s liefen noch Anfragen; sie werden abgebrochen`,
    );
  }
  // The password threads would keep the process alive after the server has stopped.
  closeHashPool();
  closeImportReader();
  await sql.end({ timeout: outcome === "timeout" ? 0 : 5 });
  console.log("Fahrplan beendet");
  Deno.exit(outcome === "timeout" ? 1 : 0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    stopping ??= stop(signal);
  });
}
