import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Mounted under /api: the signed-in user's own /my-* data. */
export const selfServiceRoutes = new Hono<AppEnv>();
