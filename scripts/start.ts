import { parseArgs } from "node:util";
import { connect } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { createAdmin } from "./admins.ts";
import { buildWebIfNeeded } from "./build_web.ts";
import {
  embeddedDataDir,
  embeddedOutsidePassword,
  embeddedPasswordFile,
  embeddedUrlFile,
} from "./database_url.ts";
import { startEmbeddedDatabase } from "../db/embedded_db.ts";
import { dailyBackup } from "./daily_backup.ts";

/**
 * deno task start: builds the web app if needed, applies migrations, creates the first admin,
 * then runs the API, the solver worker and the e-mail delivery worker as child processes until
 * Ctrl-C (SIGTERM alike: each gets SIGTERM and finishes its work first). A child that dies is
 * restarted after 2 s.
 */
const { values } = parseArgs({ args: Deno.args, options: { "no-build": { type: "boolean" } } });
if (!values["no-build"]) await buildWebIfNeeded();

let databaseUrl = Deno.env.get("DATABASE_URL");
let embedded: Awaited<ReturnType<typeof startEmbeddedDatabase>> | undefined;
if (!databaseUrl) {
  const idle = Number(Deno.env.get("FAHRPLAN_EMBEDDED_OUTSIDE_IDLE_MS") ?? 5000);
  embedded = await startEmbeddedDatabase(embeddedDataDir, 0, {
    outsidePassword: await embeddedOutsidePassword(),
    outsideIdleMs: Number.isFinite(idle) && idle > 0 ? idle : 5000,
  });
  databaseUrl = embedded.url;
  // Lets `deno task create-admin` reach the running embedded database; it holds the app's own
  // password, so only the owner may read it.
  await Deno.writeTextFile(embeddedUrlFile, databaseUrl, { mode: 0o600 });
  await Deno.chmod(embeddedUrlFile, 0o600); // a file left by an older version kept its mode
  console.log(`Eingebettete Datenbank (PGlite) in ${embeddedDataDir}`);
  console.log(
    `  Zugang von außen: psql -h 127.0.0.1 -p ${embedded.port} -U postgres postgres ` +
      `(Passwort in ${embeddedPasswordFile})`,
  );
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

/** A child that dies this soon after its start counts as a failed start. */
const QUICK_DEATH_MS = 10_000;
/** After this many failed starts in a row (a used port, a broken config) everything stops. */
const MAX_QUICK_DEATHS = 5;
const quickDeaths = new Map<string, number>();

function spawn(name: string, script: string): void {
  const startedAt = Date.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(script, import.meta.url).pathname],
    env,
    stdin: "null",
  }).spawn();
  children.set(name, child);
  child.status.then((status) => {
    children.delete(name);
    if (stopping) return;
    const label = ({ api: "API", solver: "Solver" } as Record<string, string>)[name] ??
      "Benachrichtigungsdienst";
    const quick = Date.now() - startedAt < QUICK_DEATH_MS ? (quickDeaths.get(name) ?? 0) + 1 : 0;
    quickDeaths.set(name, quick);
    if (quick >= MAX_QUICK_DEATHS) {
      console.error(`${label} startet nicht (${quick} Versuche in Folge), Fahrplan wird beendet`);
      void shutdown(status.code || 1);
      return;
    }
    // A crashed API or worker must not take the other down: the API comes back with the same
    // database and sessions, a worker's job is taken over after its restart.
    const how = status.signal ? `Signal ${status.signal}` : `Code ${status.code}`;
    console.error(`${label} beendet (${how}), Neustart in 2 s`);
    setTimeout(() => !stopping && spawn(name, script), 2000);
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
// The e-mail delivery of the notification outbox (notify/main.ts): its own process, so neither a
// long plan nor a busy API holds the e-mails up.
spawn("notify", "../notify/main.ts");

// The embedded database backs itself up once a day into .data/backups/, keeping the newest
// FAHRPLAN_BACKUP_KEEP (default 7, 0 switches it off). A Postgres server has its own backups.
const keep = Number(Deno.env.get("FAHRPLAN_BACKUP_KEEP") ?? 7);
if (embedded && Number.isInteger(keep) && keep > 0) {
  const backUp = () =>
    dailyBackup(databaseUrl!, { keep })
      .then((file) => file && console.log(`Tägliche Sicherung: ${file}`))
      .catch((err) => console.error(`Tägliche Sicherung fehlgeschlagen: ${err.message}`));
  void backUp();
  // Checked every hour; written only when the newest is a day old.
  setInterval(backUp, 60 * 60 * 1000);
}
