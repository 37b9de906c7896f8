import { assertEquals } from "./testing/assert.ts";
import { createApp } from "./app.ts";
import { readConfig } from "./config.ts";
import { connect } from "../db/connection.ts";

/**
 * Issue 24: with the database unreachable the API answers a German 503 (not a false "session
 * expired", not a hang, not a 500): once for a server that refuses connections, once for one that
 * accepts them and never answers (the connection timeout of db/connection.ts ends the wait).
 */
const message =
  "Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.";

async function askWithSession(url: string) {
  const sql = connect(url, { max: 1 });
  const app = createApp({ sql, config: readConfig({ DATABASE_URL: url, PORT: "0" }) });
  try {
    const res = await app.request("/api/auth/current-user/", {
      headers: { cookie: `sessionid=${"a".repeat(64)}` },
    });
    return { status: res.status, body: await res.json() };
  } finally {
    await sql.end({ timeout: 0 });
  }
}

Deno.test("a database that refuses connections: 503 with the German message", async () => {
  // A port nobody listens on: taken and released again.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const answer = await askWithSession(`postgres://postgres@127.0.0.1:${port}/fahrplan`);
  assertEquals(answer.status, 503);
  assertEquals(answer.body.error, message);
});

Deno.test("a database that never answers: 503 after the connection timeout", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) held.push(conn); // accepted, never answered
  })();
  try {
    const port = (listener.addr as Deno.NetAddr).port;
    const answer = await askWithSession(`postgres://postgres@127.0.0.1:${port}/fahrplan`);
    assertEquals(answer.status, 503);
    assertEquals(answer.body.error, message);
  } finally {
    listener.close();
    for (const conn of held) conn.close();
    await accepting.catch(() => {});
  }
});
