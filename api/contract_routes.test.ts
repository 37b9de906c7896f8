/**
 * Every route of the app is in the contract (common/contract/routes.ts) and the contract names
 * no route the app lacks, so every request and answer has its schema in one place.
 */
import { assertEquals } from "./testing/assert.ts";
import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import type { Sql } from "../db/connection.ts";
import { contractRoutes } from "../common/contract/routes.ts";
import { contractPath } from "../common/contract/route_match.ts";

Deno.test("the contract lists exactly the app's routes", () => {
  // Listing the routes touches no database.
  const app = createApp({
    sql: (() => {}) as unknown as Sql,
    config: readConfig({ DATABASE_URL: "postgres://unused", PORT: "0" }),
  });
  const appRoutes = new Set(
    app.routes
      // Middleware (app.use) and the /api/* fallback are registered as ALL.
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${contractPath(r.path.slice("/api".length))}`),
  );
  const contract = new Set(Object.keys(contractRoutes).map((route) => route.split("?")[0]));
  assertEquals([...appRoutes].filter((r) => !contract.has(r)).sort(), [], "not in the contract");
  assertEquals([...contract].filter((r) => !appRoutes.has(r)).sort(), [], "not in the app");
});
