import { assert, assertEquals } from "../../api/testing/assert.ts";
import postgres from "postgres";
import { buildWebIfNeeded } from "../../scripts/build_web.ts";

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
  return seen.text.match(pattern)!;
}

function startApp(dataDir: string, port: number) {
  const env = { ...Deno.env.toObject(), FAHRPLAN_DATA_DIR: dataDir, PORT: String(port) };
  delete (env as Record<string, string>).DATABASE_URL;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${root}scripts/start.ts`, "--no-build"],
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  child.stderr.pipeTo(new WritableStream()).catch(() => {});
  return { child, reader, seen: { text: "" } };
}

Deno.test({
  name: "the embedded start creates the first admin once, serves the app, and stops on Ctrl-C",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // Built here as `deno task start` would, so "serves the app" can demand the real page.
    await buildWebIfNeeded();
    const dataDir = await Deno.makeTempDir({ prefix: "fahrplan-start-" });
    const port = 18000 + Math.floor(Math.random() * 1000);
    const first = startApp(dataDir, port);
    const [, password] = await waitFor(first.reader, /Passwort:\s+(\S+)/, first.seen, 120_000);
    await waitFor(first.reader, /läuft auf http:\/\/localhost:\d+/, first.seen, 60_000);
    await waitFor(first.reader, /Solver wartet/, first.seen, 30_000);

    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}/login`);
    assertEquals(page.status, 200);
    const html = await page.text();
    assert(html.includes("<title>Fahrplan</title>"), html);
    assert(html.includes('<div id="root"></div>'), html);
    // The shell loads the built bundle, not the Vite dev entry.
    assert(/<script type="module" crossorigin src="\/assets\/[^"]+\.js">/.test(html), html);
    const csrfRes = await fetch(`${base}/api/csrf/`);
    const { csrfToken } = await csrfRes.json();
    const cookie = csrfRes.headers.getSetCookie()[0].split(";")[0];
    const login = await fetch(`${base}/api/auth/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken, Cookie: cookie },
      body: JSON.stringify({ username: "admin", password }),
    });
    assertEquals(login.status, 200);
    assertEquals((await login.json()).user.is_staff, true);

    // Issue 24: the embedded port wants a password; the one in .data/ lets psql in.
    const [, dbPort] = first.seen.text.match(/psql -h 127\.0\.0\.1 -p (\d+)/)!;
    const outsidePassword = (await Deno.readTextFile(`${dataDir}/embedded-password`)).trim();
    assertEquals((await Deno.stat(`${dataDir}/embedded-password`)).mode! & 0o777, 0o600);
    assertEquals((await Deno.stat(`${dataDir}/embedded-url`)).mode! & 0o777, 0o600);
    const asPsql = (password: string) =>
      postgres({ host: "127.0.0.1", port: Number(dbPort), user: "postgres", password, max: 1 });
    const stranger = asPsql("");
    const refused = await stranger`select 1`.then(() => "ok", (e) => e.code);
    await stranger.end();
    assertEquals(refused, "28P01");
    const operator = asPsql(outsidePassword);
    assertEquals((await operator`select count(*)::int as n from users`)[0].n, 1);
    await operator.end();

    first.child.kill("SIGINT");
    const status = await first.child.status;
    assertEquals(status.code, 0, "Ctrl-C stops all processes cleanly");
    await first.reader.cancel();

    const second = startApp(dataDir, port + 1);
    await waitFor(second.reader, /läuft auf http:\/\/localhost:\d+/, second.seen, 60_000);
    assert(!/Passwort:/.test(second.seen.text), "the password is printed on the first start only");
    second.child.kill("SIGTERM");
    assertEquals((await second.child.status).code, 0);
    await second.reader.cancel();
    await Deno.remove(dataDir, { recursive: true });
  },
});
