/**
 * Every route whose contract names a body validates it with that schema before anything else:
 * a body of the wrong shape gets our German 400, whichever route it is sent to.
 */
import { assertEquals } from "./testing/assert.ts";
import { createTestApp, insertUser } from "./testing/test_app.ts";
import { contractRoutes, type RouteSpec } from "../common/contract/routes.ts";
import { routePath } from "../common/contract/route_path.ts";

const t = await createTestApp("contract_bodies");
Deno.test.afterAll?.(() => t.close());
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

const withBody = Object.entries(contractRoutes as Record<string, RouteSpec>)
  .filter(([route, spec]) => spec.body && route !== "POST /auth/login/")
  .map(([route]) => route);

Deno.test("every contract body is validated: a list instead of an object is a German 400", async () => {
  const refused: string[] = [];
  for (const route of withBody) {
    const method = route.split(" ")[0];
    const path = `/api${routePath(route, { id: 1, token: "unbekannt" })}`;
    const res = await admin.request(method, path, []);
    const body = await res.json();
    if (res.status === 400 && body.code === "validation_failed") refused.push(route);
  }
  assertEquals(refused, withBody);
});
