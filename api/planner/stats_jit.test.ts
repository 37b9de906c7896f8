/**
 * The soak bench (issue 24) found GET /admin/stats/ taking 0.4-7 s under load with ten instructors
 * and no lessons: the workload query's generate_series over the horizon's days and hours make
 * Postgres estimate millions of rows, so it JIT-compiled the query, 1.5 s of compiling for 7 ms of
 * work. This replays the statements the dashboard sends, each under EXPLAIN ANALYZE, and finds no
 * JIT in any plan. (On PGlite, which has no JIT, it passes trivially.)
 */
import postgres from "postgres";
import { assert } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { dashboardStats } from "./stats.ts";

const t = await createTestApp("stats_jit");
Deno.test.afterAll?.(() => t.close());

Deno.test("the dashboard's figures are not JIT-compiled", async () => {
  // A school the size of the Mittel example: 10 instructors with a working week, 50 students
  // with 30 hours of their weekly grid each, and the planner's statistics of those tables.
  for (let k = 1; k <= 10; k++) {
    const id = await insertUser(t.sql, { username: `lehrer${k}`, role: "instructor" });
    await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                            end_time)
                select ${id}, 'work', d, '08:00', '18:00' from generate_series(1, 5) d`;
    await t.sql`insert into availabilities (user_id, availability_type, start_time, end_time)
                values (${id}, 'break', '12:00', '13:00')`;
  }
  for (let k = 1; k <= 50; k++) {
    const id = await insertUser(t.sql, { username: `schueler${k}`, role: "student" });
    await t.sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                            end_time)
                select ${id}, 'available', d, make_time(h, 0, 0), make_time(h + 1, 0, 0)
                  from generate_series(1, 5) d, generate_series(14, 19) h`;
  }
  await t.sql`analyze`;
  const statements: { query: string; params: unknown[] }[] = [];
  const watched = postgres(t.url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, params) => statements.push({ query, params: params as unknown[] }),
  });
  await dashboardStats(watched);
  await watched.end();

  const replay = postgres(t.url, { max: 1, onnotice: () => {} });
  const jitted: string[] = [];
  // Only the dashboard's transaction (postgres.js reads its types on connecting, before it).
  const begin = statements.findIndex((s) => /^\s*begin\b/i.test(s.query));
  const commit = statements.findIndex((s) => /^\s*commit\b/i.test(s.query));
  await replay.begin(async (tx) => {
    // Whether Postgres compiles depends on its row estimates, so on table statistics; with the
    // threshold at 0 every plan would be compiled unless the dashboard switches JIT off.
    await tx`set local jit_above_cost = 0`;
    for (const { query, params } of statements.slice(begin + 1, commit)) {
      if (!/^\s*(select|with)\b/i.test(query)) {
        await tx.unsafe(query, params as never[]);
        continue;
      }
      const [row] = await tx.unsafe(`explain (analyze, format json) ${query}`, params as never[]);
      const plan = row["QUERY PLAN"][0];
      if (plan.JIT) jitted.push(`${query.trim().slice(0, 60)}…: JIT ${JSON.stringify(plan.JIT)}`);
    }
  });
  await replay.end();
  assert(commit - begin > 3, `the dashboard's transaction: ${begin}..${commit}`);
  assert(jitted.length === 0, jitted.join("\n"));
});
