/**
 * Every route whose contract names a `query` validates it with that schema: a bad parameter gets
 * our German 400 with exactly the message the contract's schema gives, so the web client's query
 * types and the server's checks cannot drift apart. And no route reads a query the contract does
 * not describe.
 */
import { assert, assertEquals } from "./testing/assert.ts";
import { createTestApp, insertUser } from "./testing/test_app.ts";
import { contractRoutes, type RouteSpec } from "../common/contract/routes.ts";
import { routePath } from "../common/contract/route_path.ts";
import { validationMessage } from "./lib/validate.ts";

const t = await createTestApp("contract_queries");
Deno.test.afterAll?.(() => t.close());
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

const routes = contractRoutes as Record<string, RouteSpec>;

/** One bad query (or more) per route with a query schema, each refused for its own reason. */
const badQueries: Record<string, string[]> = {
  "GET /admin/users/": ["role=admin", "role=student&sort_by=week_hours", "page=0"],
  "GET /admin/availabilities/": ["day_of_week=8", "user=abc", "sort_by=farbe"],
  "GET /admin/special-dates/": ["", "user=abc"],
  "GET /admin/vehicles/": ["sort_by=farbe", "sort_direction=seitwaerts"],
  "DELETE /admin/vehicles/{id}/": ["reassign_to=abc"],
  "GET /admin/free-slots/": ["student=abc", "student=1&minutes=5"],
  "GET /admin/appointments/": ["page=0", "from=2026-13-01", "from=2026-05-02&to=2026-05-01"],
  "GET /admin/appointments/export/excel/": ["from=2026-13-01"],
  "GET /admin/appointments/export/pdf/": ["page_size=1000"],
  "GET /admin/appointments/export/ical/": ["from=2020-01-01&to=2026-01-01"],
  "GET /admin/schedule/": ["", "from=2026-05-02&to=2026-05-01"],
  "GET /admin/schedule/availability/": ["from=2026-05-01&to=2026-08-01"],
  "GET /admin/activity/all/": ["page=abc", "action=DROP"],
};

Deno.test("every route with a query schema has bad queries to try here", () => {
  const withQuery = Object.keys(routes).filter((route) => routes[route].query).sort();
  assertEquals(Object.keys(badQueries).sort(), withQuery);
});

for (const [route, queries] of Object.entries(badQueries)) {
  Deno.test(`${route}: a bad query is the contract schema's German 400`, async () => {
    const schema = routes[route].query!;
    const method = route.split(" ")[0];
    for (const query of queries) {
      const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(query)));
      assert(!parsed.success, `${route}?${query}: the contract's schema takes it`);
      const res = await admin.request(method, `/api${routePath(route, { id: 1 }, query)}`);
      const body = await res.json();
      assertEquals(
        [res.status, body.code, body.error],
        [400, "validation_failed", validationMessage(parsed.error.issues)],
        `${route}?${query}`,
      );
    }
  });
}

Deno.test("no route reads query parameters past the contract's schemas", async () => {
  // c.req.query() hands a handler parameters no schema checked; c.req.valid("query") does not.
  const unchecked: string[] = [];
  for await (const file of walkTs(new URL("./", import.meta.url))) {
    const text = await Deno.readTextFile(file);
    for (const match of text.matchAll(/c\.req\.queries?\(([^)]*)\)/g)) {
      // The import's ?preview=1 is part of its contract route's name (…/students/?preview=1).
      if (match[1] === '"preview"') continue;
      unchecked.push(`${file.pathname}: ${match[0]}`);
    }
  }
  assertEquals(unchecked, []);
});

async function* walkTs(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* walkTs(url);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield url;
  }
}
