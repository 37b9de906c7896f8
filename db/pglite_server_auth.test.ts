import postgres from "postgres";
import { assert, assertEquals } from "../api/testing/assert.ts";
import { connect } from "./connection.ts";
import { startEmbeddedDatabase } from "./embedded_db.ts";

/** The embedded database's address with another password (or none). */
function withPassword(url: string, password: string | null): string {
  const u = new URL(url);
  u.password = password ?? "";
  return u.toString();
}

/** The SQLSTATE a connection attempt fails with, or "ok". */
async function tryConnect(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

Deno.test("the embedded port refuses clients without the password (issue 24)", async () => {
  const db = await startEmbeddedDatabase(undefined, 0, { outsidePassword: "draussen-geheim-1" });
  try {
    assert(new URL(db.url).password.length >= 20, "the app's own address carries its password");
    assertEquals(await tryConnect(withPassword(db.url, null)), "28P01");
    assertEquals(await tryConnect(withPassword(db.url, "falsch")), "28P01");
    assertEquals(await tryConnect(withPassword(db.url, "draussen-geheim-1")), "ok");
    assertEquals(await tryConnect(db.url), "ok");
  } finally {
    await db.stop();
  }
});

Deno.test("without an outside password only the app gets in", async () => {
  const db = await startEmbeddedDatabase();
  try {
    assertEquals(await tryConnect(withPassword(db.url, "")), "28P01");
    assertEquals(await tryConnect(db.url), "ok");
  } finally {
    await db.stop();
  }
});

Deno.test("an outside client holding a transaction open blocks the app only until its timeout", async () => {
  const db = await startEmbeddedDatabase(undefined, 0, {
    outsidePassword: "draussen-geheim-1",
    outsideIdleMs: 500,
  });
  const app = connect(db.url, { max: 2 });
  const outside = postgres(withPassword(db.url, "draussen-geheim-1"), {
    max: 1,
    onnotice: () => {},
  });
  try {
    await app`create table note (text text)`;
    // psql after BEGIN and a statement, its user gone for coffee.
    const held = await outside.reserve();
    await held`begin`;
    await held`insert into note values ('halb fertig')`;
    const started = performance.now();
    const [row] = await app`select 41 + 1 as answer`;
    const waited = performance.now() - started;
    assertEquals(row.answer, 42);
    assert(waited >= 400, `the app waited ${waited} ms: the outside transaction was open`);
    assert(waited < 3000, `the app waited ${waited} ms, far beyond the 500 ms timeout`);
    // The outside transaction was rolled back with its connection.
    assertEquals((await app`select count(*)::int as n from note`)[0].n, 0);
    // A new outside connection works again, and the app's own transactions are not cut.
    assertEquals(await tryConnect(withPassword(db.url, "draussen-geheim-1")), "ok");
    await app.begin(async (tx) => {
      await tx`select 1`;
      // Real-world time: longer than the outside timeout, to show the app's own are not cut.
      await new Promise((resolve) => setTimeout(resolve, 700));
      await tx`select 2`;
    });
  } finally {
    await outside.end({ timeout: 1 }).catch(() => {});
    await app.end({ timeout: 1 });
    await db.stop();
  }
});
