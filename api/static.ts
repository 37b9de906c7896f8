import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./env.ts";

/** Serves the built web app; unknown paths get index.html so the client router takes over. */
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
  web.get("*", serveStatic({ root, path: "index.html" }));
  return web;
}
