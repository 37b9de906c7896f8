import type { AnswerOf, BodyOf, ContractRoute, QueryOf } from "../../../common/contract/routes.ts";
import type { SessionUser } from "../../../common/contract/session.ts";
import { routePath } from "../../../common/contract/route_path.ts";

export { routePath };

/** An answer of the API that is not 2xx; `message` is the German text for the screen. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = "",
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

let csrfToken = "";

/** Fetches the CSRF token; the app does this once at start, before anything else. */
export async function loadCsrfToken(): Promise<string> {
  const res = await fetch("/api/csrf/", { credentials: "same-origin" });
  csrfToken = (await res.json()).csrfToken;
  return csrfToken;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** multipart upload instead of JSON */
  form?: FormData;
  signal?: AbortSignal;
}

/** A 2xx answer with its headers (ETag) and status. */
export interface ApiAnswer<T> {
  data: T;
  status: number;
  headers: Headers;
}

const offlineMessage = "Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.";

/**
 * Sends one request to /api + path with the session cookie and, on state changes, the CSRF header;
 * answers the 2xx Response and throws ApiError (German message) for any other.
 */
async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<Response> {
  for (let attempt = 0;; attempt++) {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (method !== "GET") {
      if (!csrfToken) await loadCsrfToken().catch(() => "");
      headers["X-CSRFToken"] = csrfToken;
    }
    let payload: BodyInit | undefined;
    if (options.form) payload = options.form;
    else if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(`/api${path}`, {
        method,
        headers,
        body: payload,
        credentials: "same-origin",
        signal: options.signal,
      });
    } catch (err) {
      if ((err as Error).name === "AbortError") throw err;
      throw new ApiError(0, offlineMessage, "offline");
    }
    if (res.ok) return res;
    const data = readJson(await res.text());
    const error = data as { error?: string; code?: string } | undefined;
    // The token of an earlier session (the session ran out or was renewed): fetch the current one
    // and try once more.
    if (res.status === 403 && error?.code === "csrf_failed" && attempt === 0) {
      await loadCsrfToken().catch(() => "");
      continue;
    }
    throw new ApiError(res.status, error?.error ?? `Fehler ${res.status}`, error?.code ?? "", data);
  }
}

function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined; // not JSON
  }
}

/** The version number an ETag names (W/"3", "3"); null when there is none. */
export function versionFromEtag(etag: string | null): number | null {
  const match = etag ? /^(?:W\/)?"?(\d+)"?$/.exec(etag.trim()) : null;
  return match ? Number(match[1]) : null;
}

/** The names of a route's path parameters: "GET /admin/users/{id}/" → "id". */
type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/**
 * What `call()` takes besides the route: the body where the route has one, the path parameters
 * where it has some ({id}), the query parameters its contract names (`query`, an object the
 * query string is built from).
 */
export type CallOptions<R extends ContractRoute> =
  & RequestOptions
  & ([QueryOf<R>] extends [never] ? { query?: undefined } : { query?: QueryOf<R> })
  & (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> })
  & ([ParamNames<R>] extends [never] ? { params?: undefined }
    : { params: Record<ParamNames<R>, string | number> });

type NeedsOptions<R extends ContractRoute> = BodyOf<R> extends undefined
  ? [ParamNames<R>] extends [never] ? false : true
  : true;

/**
 * Calls a route of the shared contract (common/contract/routes.ts) with its typed body, path
 * parameters and answer, e.g. `call("GET /admin/users/{id}/", { params: { id: 7 } })`: a payload
 * changed on the server fails type checks here. File answers (exports, templates) come as a Blob.
 */
export async function call<R extends ContractRoute>(
  route: R,
  ...[options]: NeedsOptions<R> extends true ? [CallOptions<R>] : [CallOptions<R>?]
): Promise<AnswerOf<R>> {
  return (await exchange(route, options as CallOptions<R>)).data;
}

/**
 * Like `call()`, but answers the status and headers too: the self-service screens read the
 * version of what they loaded from the ETag.
 */
export async function exchange<R extends ContractRoute>(
  route: R,
  options?: CallOptions<R>,
): Promise<ApiAnswer<AnswerOf<R>>> {
  const method = route.split(" ")[0];
  const path = routePath(route, options?.params, options?.query);
  const body = options?.body ?? (method === "GET" ? undefined : {});
  const res = await send(method, path, body, options ?? {});
  const type = res.headers.get("Content-Type") ?? "";
  const data = type.includes("json") ? readJson(await res.text()) : await res.blob();
  return { data: data as AnswerOf<R>, status: res.status, headers: res.headers };
}

/** A GET route without path parameters, for addresses the browser fetches by itself. */
type PlainGetRoute = {
  [R in ContractRoute]: R extends `GET ${string}` ? [ParamNames<R>] extends [never] ? R : never
    : never;
}[ContractRoute];

/**
 * The address of a contract route for what the browser fetches itself: a download link (the
 * templates, spec 01 §7) or the planner's event stream (EventSource). Every other request goes
 * through `call()` or `exchange()`; tests/deno/layout_web_api_calls.test.ts keeps it so.
 */
export function apiUrl(route: PlainGetRoute): string {
  return `/api${routePath(route)}`;
}

/** The user as /api/auth/current-user/ answers it. */
export type User = SessionUser;
