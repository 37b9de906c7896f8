import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { connect } from "../db/connection.ts";
import { webRoutes } from "./static.ts";

/** Starts the HTTP server: the API under /api and the built web app everywhere else. */
const config = readConfig();
const sql = connect(config.databaseUrl);
const app = createApp({ sql, config, web: webRoutes(config.webDist) });

const controller = new AbortController();
const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  signal: controller.signal,
  onListen: ({ port }) => console.log(`Fahrplan läuft auf http://localhost:${port}`),
}, app.fetch);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => controller.abort());
}
await server.finished;
await sql.end({ timeout: 5 });
