// Issue 21: the web app calls the API only through the typed client of web/src/lib/api.ts
// (call() and exchange() with a route of common/contract/routes.ts), so every request's body,
// query and answer have their types from the contract. This test reads web/src/ and fails on a
// request that goes around it: a fetch, an "/api/…" address written by hand, or an untyped
// helper (a path string instead of a route) exported by the client again.
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { assertEquals } from "../../api/testing/assert.ts";

const webDir = fileURLToPath(new URL("../../web/src", import.meta.url));

/** Files that may do what the rest may not, each for its own reason. */
const allowed: Record<string, { fetch?: true; apiAddress?: true }> = {
  // The client itself (and its CSRF token, fetched before any call can send one).
  "lib/api.ts": { fetch: true, apiAddress: true },
  // Warms the service worker's copies of the personal answers; the screens read them via call().
  "lib/offline/personal_cache.ts": { fetch: true },
  // The service worker's cache rules name the personal addresses it keeps; it calls nothing.
  "lib/offline/constants.ts": { apiAddress: true },
};

/** What the typed client may export: no helper that takes a path string. */
const clientExports = [
  "ApiAnswer",
  "ApiError",
  "CallOptions",
  "RequestOptions",
  "User",
  "apiUrl",
  "call",
  "exchange",
  "loadCsrfToken",
  "routePath",
  "versionFromEtag",
];

/** Every non-test .ts and .tsx file below a folder. */
function sourceFiles(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** "file: what" for each request past the typed client in one source text. */
export function bypasses(file: string, source: string): string[] {
  const rules = allowed[file] ?? {};
  const found: string[] = [];
  // A call of the global fetch (not `refetch(` or `x.fetch(`).
  if (!rules.fetch && /(?<![\w.$])fetch\s*\(/.test(source)) found.push(`${file}: fetch(`);
  // An address of the API written as a string instead of a contract route (apiUrl for links).
  if (!rules.apiAddress && /["'`]\/api\//.test(source)) found.push(`${file}: "/api/…"`);
  for (const name of ["XMLHttpRequest", "sendBeacon", "apiRequest", "apiExchange"]) {
    if (new RegExp(`\\b${name}\\b`).test(source)) found.push(`${file}: ${name}`);
  }
  if (/\bapi\.(get|post|put|patch|delete)\s*[<(]/.test(source)) found.push(`${file}: api.verb(`);
  return found;
}

/** The names web/src/lib/api.ts exports. */
export function exportedNames(source: string): string[] {
  const names = [
    ...source.matchAll(/^export\s+(?:async\s+)?(?:function|class|interface|type|const)\s+(\w+)/gm),
  ].map((match) => match[1]);
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    names.push(...match[1].split(",").map((part) => part.replace(/\btype\b/, "").trim()));
  }
  return names.filter(Boolean).sort();
}

Deno.test("web/src calls the API only through the typed client", () => {
  const found = sourceFiles(webDir).flatMap((path) =>
    bypasses(relative(webDir, path).replaceAll("\\", "/"), Deno.readTextFileSync(path))
  );
  assertEquals(found, []);
});

Deno.test("the typed client exports no untyped helper", () => {
  assertEquals(exportedNames(Deno.readTextFileSync(join(webDir, "lib/api.ts"))), clientExports);
});

Deno.test("the check sees each way around the client and leaves the typed ones alone", () => {
  const wrong = [
    'await fetch("/api/admin/users/")',
    "api.get<Row[]>(`/admin/users/`)",
    'api.post("/auth/logout/")',
    "apiRequest('PATCH', path, body)",
    'const url = "/api/admin/vehicles/";',
  ].join("\n");
  assertEquals(bypasses("features/x/y.ts", wrong), [
    "features/x/y.ts: fetch(",
    'features/x/y.ts: "/api/…"',
    "features/x/y.ts: apiRequest",
    "features/x/y.ts: api.verb(",
  ]);
  const right = [
    'await call("GET /admin/users/", { query: { role: "student" } });',
    "void session.refetch();",
    'const link = apiUrl("GET /admin/download/testdaten/");',
  ].join("\n");
  assertEquals(bypasses("features/x/y.ts", right), []);
  assertEquals(
    exportedNames(
      "export const api = {};\nexport { type Query, routePath };\nexport function x() {}",
    ),
    ["Query", "api", "routePath", "x"],
  );
});
