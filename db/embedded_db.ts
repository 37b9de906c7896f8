import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PgliteServer, type PgliteServerOptions } from "./pglite_server.ts";

/** A random password: 24 bytes as hex (nothing in it needs escaping in a URL). */
export function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The embedded default database: PGlite (Postgres in WebAssembly) with its data in `dir` (in
 * memory without one), behind a loopback socket so the API and the solver reach it through
 * postgres.js like a real server. `url` carries the app's own password, new at each start; other
 * clients get in only with `outsidePassword` (issue 24, db/pglite_server.ts).
 */
export async function startEmbeddedDatabase(
  dir?: string,
  port = 0,
  options: Omit<PgliteServerOptions, "appPassword"> = {},
) {
  if (dir) await Deno.mkdir(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, extensions: { btree_gist } });
  const appPassword = randomPassword();
  const server = new PgliteServer(db, { ...options, appPassword });
  const boundPort = await server.start(port);
  return {
    url: `postgres://postgres:${appPassword}@127.0.0.1:${boundPort}/postgres`,
    port: boundPort,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
