import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";

const root = new URL("../../", import.meta.url).pathname;

/** The pids of the start script's children whose command line contains `script`. */
async function childPids(parent: number, script: string): Promise<number[]> {
  const out = await new Deno.Command("ps", { args: ["-o", "pid=,args=", "--ppid", String(parent)] })
    .output();
  return new TextDecoder().decode(out.stdout).split("\n")
    .filter((line) => line.includes(script))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout: ${what}`);
}

Deno.test({
  name: "deno task start restarts the API after kill -9 while the solver runs on",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const db = await createTestDatabase("start_restart");
    await insertUser(db.sql, { username: "chef", role: "admin" });
    const port = 20000 + Math.floor(Math.random() * 1000);
    const start = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${root}scripts/start.ts`, "--no-build"],
      env: { ...Deno.env.toObject(), DATABASE_URL: db.url, PORT: String(port), HOST: "127.0.0.1" },
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const stderr = new Response(start.stderr).text();
    const base = `http://127.0.0.1:${port}`;
    const up = () => fetch(`${base}/api/csrf/`).then((r) => r.json().then(() => r.status));
    try {
      assertEquals(await until("API up", 60_000, up), 200);
      const [api] = await childPids(start.pid, "api/main.ts");
      assert(api > 0, "the API runs as a child of the start script");

      Deno.kill(api, "SIGKILL");
      await until("API gone", 10_000, () => up().then(() => undefined, () => true));
      assertEquals(await until("API back", 30_000, up), 200);
      const [again] = await childPids(start.pid, "api/main.ts");
      assert(again > 0 && again !== api, `a new API process (${api} → ${again})`);
      assertEquals((await childPids(start.pid, "solver/main.ts")).length, 1, "the solver ran on");

      start.kill("SIGTERM");
      assertEquals((await start.status).code, 0);
      assert(/API beendet \(Signal SIGKILL\), Neustart/.test(await stderr), await stderr);
    } finally {
      try {
        start.kill("SIGKILL");
      } catch { /* already ended */ }
      await db.sql.end();
      await db.stop();
    }
  },
});
