import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Mounted under /api/admin (admins only). */
export const availabilityRoutes = new Hono<AppEnv>();
