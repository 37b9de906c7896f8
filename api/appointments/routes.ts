import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Mounted under /api/admin (admins only): the appointments list and its exports. */
export const appointmentRoutes = new Hono<AppEnv>();
