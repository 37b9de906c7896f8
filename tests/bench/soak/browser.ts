/**
 * One simulated browser of the soak: its own connections, cookie jar and CSRF token, as the web
 * app keeps them (web/src/lib/api.ts: the token of /api/csrf/ in X-CSRFToken on every change).
 */
import type { Recorder } from "./recorder.ts";

/** No request of a person waits longer than this; the browser would show an error. */
const requestTimeoutMs = 120_000;

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  json<T = any>(): T;
}

export interface SendOptions {
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Checks a 2xx body; answers what is wrong with it, or undefined. */
  check?: (answer: Answer) => string | undefined;
}

export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly client = Deno.createHttpClient({});
  private csrf = "";

  constructor(private readonly base: string, private readonly recorder: Recorder) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim(), value = pair.slice(at + 1).trim();
      const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Sends one request under /api and records it as `kind`; the time includes reading the whole
   * body, as the browser waits for it. Answers undefined when no answer came.
   */
  async send(
    kind: string,
    method: string,
    path: string,
    options: SendOptions = {},
  ): Promise<Answer | undefined> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (this.cookies.size) {
      headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    if (method !== "GET") headers["X-CSRFToken"] = this.csrf;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const started = performance.now();
    let answer: Answer;
    try {
      const res = await fetch(`${this.base}/api${path}`, {
        method,
        headers,
        body,
        client: this.client,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      this.remember(res);
      answer = {
        status: res.status,
        headers: res.headers,
        bytes,
        json: () => JSON.parse(new TextDecoder().decode(bytes)),
      };
    } catch (err) {
      this.recorder.failure(kind, `${method} ${path}: ${(err as Error).message}`);
      return undefined;
    }
    const ms = performance.now() - started;
    let problem: string | undefined;
    if (answer.status < 300 && options.check) {
      try {
        problem = options.check(answer);
      } catch (err) {
        problem = `unlesbare Antwort: ${(err as Error).message}`;
      }
    }
    const detail = answer.status >= 400
      ? `${method} ${path}: ${new TextDecoder().decode(answer.bytes.slice(0, 200))}`
      : "";
    this.recorder.answer(
      kind,
      ms,
      answer.status,
      problem && `${method} ${path}: ${problem}`,
      detail,
    );
    return answer;
  }

  /** As the sign-in page: the CSRF token, the login, then the session's own token. */
  async signIn(username: string, password: string): Promise<boolean> {
    const before = await this.send("csrf", "GET", "/csrf/");
    if (before?.status !== 200) return false;
    this.csrf = before.json().csrfToken;
    const login = await this.send("sign-in", "POST", "/auth/login/", {
      json: { username, password },
      check: (a) => (a.json().username === username ? undefined : "anderer Benutzer"),
    });
    if (login?.status !== 200) return false;
    const after = await this.send("csrf", "GET", "/csrf/");
    if (after?.status !== 200) return false;
    this.csrf = after.json().csrfToken;
    return true;
  }

  async signOut(): Promise<void> {
    await this.send("sign-out", "POST", "/auth/logout/");
  }

  close() {
    this.client.close();
  }
}
