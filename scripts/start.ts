import { parseArgs } from "node:util";
import { connect } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { createAdmin } from "./admins.ts";
import { buildWebIfNeeded } from "./build_web.ts";
import { embeddedDataDir, embeddedUrlFile } from "./database_url.ts";
import { startEmbeddedDatabase } from "../db/embedded_db.ts";

/**
 * deno task start: builds the web app if needed, applies migrations, creates the first admin,
 * then runs the API and the solver worker as two child processes until Ctrl-C.
 */
const { values } = parseArgs({ args: Deno.args, options: { "no-build": { type: "boolean" } } });
if (!values["no-build"]) await buildWebIfNeeded();

let databaseUrl = Deno.env.get("DATABASE_URL");
let embedded: Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined;
if (!databaseUrl) {
  embedded = await startEmbeddedDatabase(embeddedDataDir);
  databaseUrl = embedded.url;
  // Lets `deno task create-admin` reach the running embedded database.
  await Deno.writeTextFile(embeddedUrlFile, databaseUrl);
  console.log(`Eingebettete Datenbank (PGlite) in ${embeddedDataDir}`);
}

const sql = connect(databaseUrl, { max: 1 });
await migrate(sql, console.log);
const [anyAdmin] = await sql`select 1 from users where role = 'admin' limit 1`;
if (!anyAdmin) {
  const password = await createAdmin(sql, "admin");
  console.log("\n  Erster Administrator angelegt (das Passwort wird nur jetzt angezeigt):");
  console.log(`    Benutzername: admin\n    Passwort:     ${password}\n`);
}
await sql.end();

const env = { ...Deno.env.toObject(), DATABASE_URL: databaseUrl };
const children = new Map<string, Deno.ChildProcess>();
let stopping = false;

function spawn(name: string, script: string): void {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(script, import.meta.url).pathname],
    env,
    stdin: "null",
  }).spawn();
  children.set(name, child);
  child.status.then((status) => {
    children.delete(name);
    if (stopping) return;
    if (name === "solver") {
      // A crashed worker must not take the API down; its job is taken over after restart.
      console.error(`Solver beendet (Code ${status.code}), Neustart in 2 s`);
      setTimeout(() => !stopping && spawn(name, script), 2000);
    } else {
      console.error(`API beendet (Code ${status.code})`);
      void shutdown(status.code || 1);
    }
  });
}

async function shutdown(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
  }
  await Promise.all([...children.values()].map((child) => child.status));
  if (embedded) {
    await Deno.remove(embeddedUrlFile).catch(() => {});
    await embedded.stop();
  }
  Deno.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => void shutdown(0));
}
spawn("api", "../api/main.ts");
spawn("solver", "../solver/main.ts");
