/**
 * Users list bench: seeds 100 instructors and 2,000 students (profiles, weekly data, about six
 * weeks of lessons) into the database fahrplan_bench_users, then measures p50/p95 of a searched,
 * sorted page of GET /api/admin/users/ through app.request with an admin session, each beside a
 * plain select of the same page (same rows, straight SQL) in the same run. Prints markdown.
 *
 * deno run -A tests/bench/users_bench.ts [--pglite]
 * (TEST_DATABASE_SERVER overrides the Postgres server; --pglite measures the embedded database)
 */
import { createApp } from "../../api/app.ts";
import { readConfig } from "../../api/config.ts";
import { connect, type Sql } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";
import { insertUser, TestClient } from "../../api/testing/test_app.ts";
import { seedPeople } from "../../scripts/seed_people.ts";

const server = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";
const database = "fahrplan_bench_users";
const runs = 200;
const warmup = 20;
// --pglite: the same run on the embedded PGlite that `deno task start` uses by default.
const onPglite = Deno.args.includes("--pglite");

async function openDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (onPglite) {
    const { startEmbeddedDatabase } = await import("../../db/embedded_db.ts");
    const dir = await Deno.makeTempDir({ prefix: "fahrplan_bench_users_" });
    const db = await startEmbeddedDatabase(dir);
    return { url: db.url, stop: () => db.stop().then(() => Deno.remove(dir, { recursive: true })) };
  }
  const root = connect(`${server}/postgres`, { max: 1 });
  await root.unsafe(`drop database if exists ${database} with (force)`);
  await root.unsafe(`create database ${database}`);
  await root.end();
  return { url: `${server}/${database}`, stop: async () => {} };
}

const db = await openDatabase();
const sql = connect(db.url);
await migrate(sql);
const seeded = await seedPeople(sql, { instructors: 100, students: 2000, seed: 42 });
await sql`analyze`;
await insertUser(sql, { username: "bench.admin", role: "admin" });
const app = createApp({ sql, config: readConfig({ DATABASE_URL: db.url }) });
const client = new TestClient(app);
await client.login("bench.admin");

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(work: () => Promise<unknown>) {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

interface Case {
  label: string;
  query: string;
  /** The same page's ids by straight SQL: the floor any API answer stands on. */
  plain: (sql: Sql) => Promise<{ id: number }[]>;
}

const cases: Case[] = [
  {
    label: "Fahrschüler, Suche „mar“, nach Name, Seite 3",
    query: "role=student&search=mar&sort_by=full_name&page=3&page_size=20",
    plain: (sql) =>
      sql`
      select u.id::int from users u
      where u.role = 'student'
        and u.search_text like '%mar%'
      order by u.name_sort, lower(u.username), u.id
      limit 20 offset 40
    `,
  },
  {
    label: "Fahrschüler, ohne Suche, Standardsortierung, Seite 1",
    query: "role=student&page=1&page_size=20",
    plain: (sql) =>
      sql`select id::int from users u where role = 'student'
          order by lower(username), lower(username), id limit 20`,
  },
  {
    label: "Fahrlehrer, nach Stunden diesen Monat absteigend, Seite 2",
    query: "role=instructor&sort_by=week_hours&sort_direction=desc&page=2&page_size=20",
    plain: (sql) =>
      sql`
      select u.id::int from users u
      left join lateral (
        select coalesce(sum(extract(epoch from a.ends_at - a.starts_at)), 0) / 3600 as h
        from appointments a
        where a.instructor_id = u.id and a.status <> 'cancelled'
          and a.starts_at >= date_trunc('month', now() at time zone 'Europe/Berlin')
                               at time zone 'Europe/Berlin'
          and a.starts_at < (date_trunc('month', now() at time zone 'Europe/Berlin')
                               + interval '1 month') at time zone 'Europe/Berlin'
      ) f on true
      where u.role = 'instructor'
      order by f.h desc, lower(u.username) desc, u.id limit 20 offset 20
    `,
  },
];

const lines = [
  `Datenbank: ${onPglite ? "eingebettetes PGlite" : `Postgres (${database})`}. ` +
  `Daten: ${seeded.instructorIds.length} Fahrlehrer, ${seeded.studentIds.length} Fahrschüler, ` +
  `${seeded.appointments} Termine; ${runs} Messungen je Zeile nach ${warmup} zum Aufwärmen.`,
  "",
  "| Abfrage | API p50 (ms) | API p95 (ms) | SQL p50 (ms) | SQL p95 (ms) |",
  "|---|---:|---:|---:|---:|",
];
for (const c of cases) {
  const path = `/api/admin/users/?${c.query}`;
  const body = await (await client.get(path)).json();
  const expected = (await c.plain(sql)).map((r) => r.id);
  const got = body.results.map((r: { id: number }) => r.id);
  if (JSON.stringify(got) !== JSON.stringify(expected) || !got.length) {
    console.error(`${c.label}: API und SQL liefern verschiedene Zeilen`, got, expected);
    Deno.exit(1);
  }
  const api = await measure(async () => {
    const res = await client.get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  });
  const plain = await measure(() => c.plain(sql));
  const f = (n: number) => n.toFixed(1);
  lines.push(`| ${c.label} | ${f(api.p50)} | ${f(api.p95)} | ${f(plain.p50)} | ${f(plain.p95)} |`);
}
console.log(lines.join("\n"));
await sql.end();
await db.stop();
