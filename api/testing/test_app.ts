import { createApp } from "../app.ts";
import { hashPassword } from "../auth/passwords.ts";
import { readConfig } from "../config.ts";
import { connect, type Sql } from "../db.ts";
import { migrate } from "../migrate.ts";
import { createTestDatabase } from "./test_database.ts";

/**
 * A fresh database for one test file (see test_database.ts: on the Postgres server or on embedded
 * PGlite), migrated, with the app on it.
 */
export async function createTestApp(name: string) {
  const { url, stop } = await createTestDatabase(name);
  const sql = connect(url);
  await migrate(sql);
  const config = readConfig({ DATABASE_URL: url, PORT: "0" });
  const app = createApp({ sql, config });
  return {
    app,
    sql,
    url,
    config,
    client: () => new TestClient(app),
    close: async () => {
      await sql.end({ timeout: 5 });
      await stop();
    },
  };
}

type Role = "admin" | "instructor" | "student";
const passwordHashes = new Map<string, Promise<string>>();

/** Inserts a user directly; returns its id. Hashes are cached: argon2 is slow on purpose. */
export async function insertUser(
  sql: Sql,
  user: {
    username: string;
    role: Role;
    password?: string;
    first_name?: string;
    last_name?: string;
    email?: string;
  },
): Promise<number> {
  const password = user.password ?? "geheim-passwort-1";
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const hash = await passwordHashes.get(password)!;
  const [row] = await sql`
    insert into users (username, role, password_hash, first_name, last_name, email)
    values (${user.username}, ${user.role}, ${hash}, ${user.first_name ?? ""},
            ${user.last_name ?? ""}, ${user.email ?? ""})
    returning id::int
  `;
  if (user.role === "instructor") {
    await sql`insert into instructor_profiles (user_id, transmission_types) values (${row.id}, '{manual}')`;
  }
  if (user.role === "student") {
    await sql`insert into student_profiles (user_id, license_class, required_manual_hours)
              values (${row.id}, 'B', 20)`;
  }
  return row.id;
}

interface AppLike {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/** A browser-like client: keeps cookies and sends the CSRF header on state changes. */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = "";

  constructor(private app: AppLike) {}

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
    else if (body !== undefined) {
      h["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const res = await this.app.request(`http://localhost${path}`, init);
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
  }
}
