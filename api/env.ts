import type { Config } from "./config.ts";
import type { Sql } from "./db.ts";

/** The signed-in user as the API answers it. */
export interface SessionUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: "admin" | "instructor" | "student";
  is_staff: boolean;
}

/** Hono environment shared by every route module. */
export interface AppEnv {
  Variables: {
    sql: Sql;
    config: Config;
    user: SessionUser | null;
    sessionTokenHash: string | null;
  };
}
