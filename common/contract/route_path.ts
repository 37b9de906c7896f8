/** Paths of contract routes (common/contract/routes.ts), for the web client and the API tests. */

/** Query parameters as a string ("a=1&b=2") or an object (undefined values are left out). */
export type Query = string | Record<string, string | number | boolean | null | undefined>;

function queryString(query: Query | undefined): string {
  if (query === undefined) return "";
  if (typeof query === "string") return query;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search.toString();
}

/** The path of a route with its parameters filled in and the query appended. */
export function routePath(
  route: string,
  params: Record<string, string | number> = {},
  query?: Query,
): string {
  const [, target] = route.split(" ");
  const [path, fixedQuery = ""] = target.split("?");
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${route}: {${name}} fehlt`);
    return encodeURIComponent(String(params[name]));
  });
  const search = [fixedQuery, queryString(query)].filter(Boolean).join("&");
  return search ? `${filled}?${search}` : filled;
}
