import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./env.ts";

/**
 * Whether a path that matched no file is a screen of the client router (/appointments,
 * /fragebogen/abc) rather than a file that is missing (/assets/index-OLDHASH.js, /sw-old.js):
 * only screens get index.html, so a stale client never caches HTML as its script.
 */
function isScreenPath(path: string): boolean {
  if (path.startsWith("/assets/")) return false;
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return !lastSegment.includes(".");
}

/** Serves the built web app; unknown screen paths get index.html so the client router takes over. */
export function webRoutes(root: string): Hono<AppEnv> {
  const web = new Hono<AppEnv>();
  web.use("/assets/*", async (c, next) => {
    await next();
    // Vite puts a content hash in every asset name.
    if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  web.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-cache");
  });
  web.get("*", serveStatic({ root }));
  web.get("*", async (c, next) => {
    if (isScreenPath(c.req.path)) return await next();
    return c.text("Datei nicht gefunden.", 404, { "Cache-Control": "no-store" });
  });
  web.get("*", serveStatic({ root, path: "index.html" }));
  return web;
}
