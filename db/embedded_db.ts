import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PgliteServer } from "./pglite_server.ts";

/**
 * The embedded default database: PGlite (Postgres in WebAssembly) with its data in `dir` (in
 * memory without one), behind a loopback socket so the API and the solver reach it through
 * postgres.js like a real server.
 */
export async function startEmbeddedDatabase(dir?: string, port = 0) {
  if (dir) await Deno.mkdir(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, extensions: { btree_gist } });
  const server = new PgliteServer(db);
  const boundPort = await server.start(port);
  return {
    url: `postgres://postgres@127.0.0.1:${boundPort}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
