import type { SessionUser } from "../common/contract/session.ts";
import type { Config } from "./config.ts";
import type { Sql } from "../db/connection.ts";

export type { SessionUser };

/** Hono environment shared by every route module. */
export interface AppEnv {
  Variables: {
    sql: Sql;
    config: Config;
    user: SessionUser | null;
    sessionTokenHash: string | null;
    /** The CSRF token stored with the session; null when signed out. */
    sessionCsrfToken: string | null;
  };
}
