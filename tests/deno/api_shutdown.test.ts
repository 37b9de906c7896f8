import { assert, assertEquals } from "../../api/testing/assert.ts";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";

const root = new URL("../../", import.meta.url).pathname;

/** Reads the child's stdout until `pattern` matches or the time is up. */
async function waitFor(
  reader: ReadableStreamDefaultReader<string>,
  pattern: RegExp,
  seen: { text: string },
  ms: number,
) {
  const deadline = Date.now() + ms;
  while (!pattern.test(seen.text)) {
    if (Date.now() > deadline) throw new Error(`timeout waiting for ${pattern}:\n${seen.text}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`process ended:\n${seen.text}`);
    seen.text += value;
  }
}

/** Signs in over real HTTP as the web app does: CSRF token, login, the session's own token. */
async function signIn(base: string, username: string) {
  const first = await fetch(`${base}/api/csrf/`);
  let cookie = first.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const login = await fetch(`${base}/api/auth/login/`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-CSRFToken": (await first.json()).csrfToken,
      Cookie: cookie,
    },
    body: JSON.stringify({ username, password: "geheim-passwort-1" }),
  });
  assertEquals(login.status, 200, await login.clone().text());
  await login.body?.cancel();
  cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const again = await fetch(`${base}/api/csrf/`, { headers: { Cookie: cookie } });
  return { cookie, csrf: (await again.json()).csrfToken as string };
}

Deno.test({
  name: "SIGTERM during a slow import: the client gets its answer, then the API exits 0",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const db = await createTestDatabase("api_shutdown");
    await insertUser(db.sql, { username: "chef", role: "admin" });
    await insertUser(db.sql, { username: "lena", role: "student" });
    const port = 19000 + Math.floor(Math.random() * 1000);
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${root}api/main.ts`],
      env: { ...Deno.env.toObject(), DATABASE_URL: db.url, PORT: String(port), HOST: "127.0.0.1" },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const stderr = new Response(child.stderr).text();
    const seen = { text: "" };
    try {
      await waitFor(reader, /läuft auf/, seen, 60_000);
      const base = `http://127.0.0.1:${port}`;
      const { cookie, csrf } = await signIn(base, "chef");

      // The import waits for this lock, so it is surely in flight when SIGTERM arrives.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const blocker = db.sql.begin(async (tx) => {
        await tx`lock table availabilities in share row exclusive mode`;
        locked();
        await released;
      });
      await isLocked;
      const form = new FormData();
      form.append("file", new File(["lena;1;08:00;12:00\n"], "verfuegbarkeiten.csv"));
      const answer = fetch(`${base}/api/admin/availabilities/import/`, {
        method: "POST",
        headers: { Cookie: cookie, "X-CSRFToken": csrf },
        body: form,
      }).catch((err: Error) => err);
      const waiting = async () =>
        (await db.sql`select count(*)::int as n from pg_stat_activity
                      where wait_event_type = 'Lock' and query like '%insert into availabilities%'`)[
          0
        ]
          .n;
      for (let i = 0; i < 100 && await waiting() === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      assertEquals(await waiting(), 1, "the import waits for the lock");

      child.kill("SIGTERM");
      await waitFor(reader, /wird beendet/, seen, 10_000);
      // No new connections once stopping has begun.
      const refused = await fetch(`${base}/api/csrf/`).then(() => false, () => true);
      assert(refused, "a new connection after SIGTERM is refused");
      release();
      await blocker;

      const res = await answer;
      assert(res instanceof Response, `the import got no answer: ${res}`);
      assertEquals(res.status, 200);
      assertEquals((await res.json()).created, 1);
      const status = await child.status;
      assertEquals(status.code, 0, await stderr);
      const [{ n }] = await db.sql`select count(*)::int as n from availabilities`;
      assertEquals(n, 1);
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* already ended */ }
      await reader.cancel().catch(() => {});
      await db.sql.end();
      await db.stop();
    }
  },
});
