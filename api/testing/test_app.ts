import { createApp } from "../app.ts";
import { readConfig } from "../config.ts";
import { createTestDatabase } from "../../db/test_database.ts";

import { contractRoutes, type RouteSpec } from "../../common/contract/routes.ts";
import { matchRoute } from "../../common/contract/route_match.ts";

export { insertUser } from "../../db/test_database.ts";

/**
 * Checks a 2xx answer against the contract (common/contract/routes.ts): JSON answers must parse
 * with the route's answer schema, file answers must carry its content type. Every API test goes
 * through TestClient, so an answer that drifts from the contract fails the test that saw it.
 */
export async function checkAnswer(method: string, url: string, res: Response): Promise<void> {
  if (!res.ok || res.status === 204) return;
  const route = matchRoute(method, url);
  if (!route) return; // not an API route (static files, the SPA)
  const { answer } = contractRoutes[route] as RouteSpec;
  const type = res.headers.get("Content-Type") ?? "";
  if ("file" in answer) {
    if (!type.startsWith(answer.file)) {
      throw new Error(`${route}: answered ${type}, the contract says ${answer.file}`);
    }
    return;
  }
  const result = answer.safeParse(await res.clone().json());
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`${route}: the answer does not fit the contract\n${issues.join("\n")}`);
  }
}

/** A fresh, migrated database for one test file (see createTestDatabase) with the app on it. */
export async function createTestApp(name: string) {
  const { sql, url, stop } = await createTestDatabase(name);
  const config = readConfig({ DATABASE_URL: url, PORT: "0" });
  const app = createApp({ sql, config });
  return {
    app,
    sql,
    url,
    config,
    /** A client; `address` is the client address the app sees (default 127.0.0.1). */
    client: (address?: string) => new TestClient(app, address),
    close: async () => {
      await sql.end({ timeout: 5 });
      await stop();
    },
  };
}

interface AppLike {
  request(input: string, init?: RequestInit, env?: unknown): Response | Promise<Response>;
}

/** A body sent as it is, under a Content-Type of the test's choosing (odd or hostile clients). */
export class RawBody {
  constructor(readonly text: string, readonly contentType: string) {}
}

/** A browser-like client: keeps cookies and sends the CSRF header on state changes. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = "";

  constructor(private app: AppLike, private address = "127.0.0.1") {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) {
      h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    if (method !== "GET" && this.csrf && !("X-CSRFToken" in h)) h["X-CSRFToken"] = this.csrf;
    if (body instanceof FormData) init.body = body;
    else if (body instanceof RawBody) {
      if (body.contentType) h["Content-Type"] = body.contentType;
      // Bytes, not a string: the Request then carries no Content-Type of its own.
      init.body = new TextEncoder().encode(body.text);
    } else if (body !== undefined) {
      h["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    // Deno.serve's connection info, as api/main.ts hands it to the app.
    const env = { remoteAddr: { hostname: this.address } };
    const res = await this.app.request(`http://localhost${path}`, init, env);
    await checkAnswer(method, path, res);
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const [name, value] = pair.split("=");
      const expired = attrs.some((a) =>
        /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a)
      );
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", path, body ?? {}, headers);
  }
  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("PUT", path, body ?? {}, headers);
  }
  delete(path: string, body?: unknown) {
    return this.request("DELETE", path, body);
  }

  /** Fetches the CSRF token as the web app does at start. */
  async fetchCsrf(): Promise<string> {
    const res = await this.get("/api/csrf/");
    this.csrf = (await res.json()).csrfToken;
    return this.csrf;
  }

  /** Signs in; throws unless the login succeeds. */
  async login(username: string, password = "geheim-passwort-1"): Promise<void> {
    if (!this.csrf) await this.fetchCsrf();
    const res = await this.post("/api/auth/login/", { username, password });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    // A signed-in browser's CSRF token is the session's own; the web app fetches it anew too.
    await this.fetchCsrf();
  }
}
