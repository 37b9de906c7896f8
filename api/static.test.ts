import { Hono } from "hono";
import { assertEquals } from "./testing/assert.ts";
import type { AppEnv } from "./env.ts";
import { webRoutes } from "./static.ts";

/** A built web app in a temporary folder: index.html and one hashed asset. */
const root = await Deno.makeTempDir();
await Deno.mkdir(`${root}/assets`);
await Deno.writeTextFile(`${root}/index.html`, "<!doctype html><title>Fahrplan</title>");
await Deno.writeTextFile(`${root}/assets/index-NEWHASH.js`, "console.log(1)");
Deno.test.afterAll?.(() => Deno.remove(root, { recursive: true }));

const app = new Hono<AppEnv>().route("/", webRoutes(root));

Deno.test("an existing asset is served with a year's immutable cache", async () => {
  const res = await app.request("/assets/index-NEWHASH.js");
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("Cache-Control"), "public, max-age=31536000, immutable");
  await res.body?.cancel();
});

Deno.test("a missing asset answers 404 without a long cache, never index.html", async () => {
  const res = await app.request("/assets/index-OLDHASH.js");
  assertEquals(res.status, 404);
  assertEquals(res.headers.get("Cache-Control"), "no-store");
  const text = await res.text();
  assertEquals(text.includes("<!doctype html>"), false);
});

Deno.test("a navigation to a screen gets index.html", async () => {
  const res = await app.request("/appointments", { headers: { Accept: "text/html" } });
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("Cache-Control"), "no-cache");
  assertEquals((await res.text()).includes("<title>Fahrplan</title>"), true);
});

Deno.test("a missing file with an extension outside /assets is not answered with index.html", async () => {
  const res = await app.request("/sw-old.js");
  assertEquals(res.status, 404);
  await res.body?.cancel();
});
