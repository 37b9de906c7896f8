import { type ContractRoute, contractRoutes } from "./routes.ts";

/** "/admin/users/:id{[0-9]+}/" (Hono's form) → "/admin/users/{id}/" (the contract's). */
export function contractPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
}

const patterns = Object.keys(contractRoutes).map((route) => {
  const [method, target] = route.split(" ");
  const [path, query = ""] = target.split("?");
  const regex = new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`);
  return { route: route as ContractRoute, method, regex, query: new URLSearchParams(query) };
});

/** A query flag as the API reads it: "1" in the contract stands for 1, true or ja. */
function sameFlag(sent: string | null, expected: string): boolean {
  return expected === "1" ? ["1", "true", "ja"].includes(sent ?? "") : sent === expected;
}

/**
 * The contract route a request is answered by (path without /api), or undefined. A route with
 * a query in its key (…?preview=1) matches only requests that carry that query.
 */
export function matchRoute(method: string, url: string): ContractRoute | undefined {
  const parsed = new URL(url, "http://localhost");
  const path = parsed.pathname.replace(/^\/api(?=\/)/, "");
  const candidates = patterns.filter((p) => p.method === method && p.regex.test(path));
  const withQuery = candidates.find((p) =>
    [...p.query].length > 0 &&
    [...p.query].every(([key, value]) => sameFlag(parsed.searchParams.get(key), value))
  );
  return (withQuery ?? candidates.find((p) => [...p.query].length === 0))?.route;
}
