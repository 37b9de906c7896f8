/**
 * Web bench (issue 5), in two parts:
 * 1. Static: the JavaScript a first load of /verfuegbarkeit needs, gzip-compressed, from the
 *    built files (index.html's entry and preloads, the screen chunk and its static imports).
 * 2. In Chromium against the real API: the JS responses the page actually received (CDP
 *    Network, encoded bytes as served), and the time from an offline navigation to the grid
 *    answering a click (service worker cache only).
 * Run: deno run -A tests/bench/web_bench.ts [distDir]   (without one, web/dist is built if needed)
 */
import { chromium } from "playwright-core";
import { hashPassword } from "../../common/passwords.ts";
import { connect } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";
import { buildWebIfNeeded } from "../../scripts/build_web.ts";

const given = Deno.args[0] ?? Deno.env.get("WEB_DIST");
if (!given) await buildWebIfNeeded();
const dist = given ?? new URL("../../web/dist", import.meta.url).pathname;
const budgetKb = 150;

async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) {
    found.add(match[1]);
  }
  return [...found];
}

const html = await Deno.readTextFile(`${dist}/index.html`);
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const assets = [...Deno.readDirSync(`${dist}/assets`)].map((e) => e.name);
const screen = assets.find((name) => /^availability_screen-.*\.js$/.test(name));
if (!screen) throw new Error("availability_screen chunk not found: build the web app first");

const requested = new Set<string>();
const queue = [...entry, screen];
while (queue.length) {
  const name = queue.shift()!;
  if (requested.has(name)) continue;
  requested.add(name);
  queue.push(...staticImports(await Deno.readTextFile(`${dist}/assets/${name}`)));
}
let raw = 0;
let gz = 0;
const rows: string[] = [];
for (const name of [...requested].sort()) {
  const bytes = await Deno.readFile(`${dist}/assets/${name}`);
  const size = await gzipSize(bytes);
  raw += bytes.byteLength;
  gz += size;
  rows.push(`| ${name} | ${(bytes.byteLength / 1024).toFixed(1)} | ${(size / 1024).toFixed(1)} |`);
}
const sw = await Deno.readFile(`${dist}/sw.js`);
// The worker's install downloads the precache list in the background, after the page is usable.
const swText = new TextDecoder().decode(sw);
const precached = [...new Set([...swText.matchAll(/"assets\/([^"]+\.js)"/g)].map((m) => m[1]))];
let precacheGzip = 0;
for (const name of precached) {
  precacheGzip += await gzipSize(await Deno.readFile(`${dist}/assets/${name}`));
}
console.log("| file | raw KB | gzip KB |\n|---|---|---|\n" + rows.join("\n"));
console.log(
  `\nJS for a first load of /verfuegbarkeit: ${(gz / 1024).toFixed(1)} KB gzip ` +
    `(${(raw / 1024).toFixed(1)} KB raw, ${requested.size} files); budget ${budgetKb} KB: ` +
    (gz / 1024 <= budgetKb ? "OK" : "OVER"),
);
console.log(`Service worker sw.js: ${((await gzipSize(sw)) / 1024).toFixed(1)} KB gzip`);
console.log(
  `Precached JS (background, after the first load): ${precached.length} files, ` +
    `${(precacheGzip / 1024).toFixed(1)} KB gzip`,
);

// ---- Part 2: a real browser against the real API ----
const serverUrl = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";
const database = "fahrplan_bench_web";
const admin = connect(`${serverUrl}/postgres`, { max: 1 });
await admin.unsafe(`drop database if exists ${database} with (force)`);
await admin.unsafe(`create database ${database}`);
await admin.end();
const databaseUrl = `${serverUrl}/${database}`;
const sql = connect(databaseUrl, { max: 1 });
await migrate(sql);
await sql`insert into users (username, role, password_hash, first_name)
          values ('bench', 'student', ${await hashPassword("geheim-passwort-1")}, 'Bench')`;
await sql.end();

const port = 20000 + Math.floor(Math.random() * 20000);
const api = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "api/main.ts"],
  cwd: new URL("../../", import.meta.url).pathname,
  env: { DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", WEB_DIST: dist },
  stdout: "null",
  stderr: "inherit",
}).spawn();
const base = `http://127.0.0.1:${port}`;
for (let i = 0;; i++) {
  try {
    if ((await fetch(`${base}/api/csrf/`)).ok) break;
  } catch { /* not up yet */ }
  if (i > 150) throw new Error("API did not start");
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await chromium.launch({
  executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("E-Mail-Adresse").fill("bench");
  await page.getByLabel("Passwort", { exact: true }).fill("geheim-passwort-1");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL(/verfuegbarkeit/);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });

  // A first load of /verfuegbarkeit in a fresh context (signed in, nothing cached yet).
  const fresh = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await context.storageState(),
    serviceWorkers: "block",
  });
  const first = await fresh.newPage();
  const cdp = await fresh.newCDPSession(first);
  await cdp.send("Network.enable");
  const scripts = new Map<string, string>();
  let jsBytes = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.set(e.requestId, e.response.url);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
  });
  await first.goto(`${base}/verfuegbarkeit`, { waitUntil: "networkidle" });
  await first.getByRole("button", { name: "Montag 08:00", exact: true }).waitFor();
  let servedGzip = 0;
  for (const url of new Set(scripts.values())) {
    const file = new URL(url).pathname;
    servedGzip += await gzipSize(await Deno.readFile(`${dist}${file}`));
  }
  console.log(
    `\nChromium, first load of /verfuegbarkeit: ${scripts.size} JS responses, ` +
      `${(jsBytes / 1024).toFixed(1)} KB transferred (encoded bytes as served), ` +
      `${(servedGzip / 1024).toFixed(1)} KB gzip-compressed; budget ${budgetKb} KB: ` +
      (servedGzip / 1024 <= budgetKb ? "OK" : "OVER"),
  );
  await fresh.close();

  // Offline: navigation and data from the service worker; time until a click marks a cell.
  await page.waitForFunction(
    async () => {
      const cache = await caches.open("fahrplan-api-v1");
      return (await cache.keys()).length >= 4;
    },
    null,
    { timeout: 20000 },
  );
  await context.setOffline(true);
  const timings: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = Date.now();
    await page.goto(`${base}/verfuegbarkeit`);
    const cell = page.getByRole("button", { name: "Montag 09:00", exact: true });
    const before = await cell.getAttribute("aria-pressed");
    await cell.click();
    await page.waitForFunction(
      (was) =>
        document.querySelector('[aria-label="Montag 09:00"]')?.getAttribute("aria-pressed") !==
          was,
      before,
    );
    timings.push(Date.now() - started);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `Offline load until the grid answers a click: median ${timings[2]} ms ` +
      `(min ${timings[0]}, max ${timings[4]}, 5 runs, 390 px, service worker cache only)`,
  );
} finally {
  await browser.close();
  api.kill("SIGTERM");
  await api.status;
}
