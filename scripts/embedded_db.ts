import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * The embedded default database: PGlite (Postgres in WebAssembly) with its data in `dir`, behind
 * a loopback socket so the API and the solver reach it through postgres.js like a real server.
 */
export async function startEmbeddedDatabase(dir: string, port = 0) {
  await Deno.mkdir(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, extensions: { btree_gist } });
  // PGlite runs one transaction at a time; the server multiplexes the connections onto it.
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 40 });
  await server.start();
  const conn = server.getServerConn(); // "127.0.0.1:port"
  return {
    url: `postgres://postgres@${conn}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
