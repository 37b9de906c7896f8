import { connect } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";
import { assertEquals } from "../../api/testing/assert.ts";
import { startEmbeddedDatabase } from "../../db/embedded_db.ts";

Deno.test({
  name: "the embedded database serves several connections at once without mixing their queries",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "fahrplan-pglite-" });
    const db = await startEmbeddedDatabase(dir);
    // Like the API and the solver: two pools on the same embedded database.
    const api = connect(db.url, { max: 4 });
    const worker = connect(db.url, { max: 4 });
    try {
      await migrate(api);
      await api`create table counter (id int primary key, n int not null)`;
      await api`insert into counter values (1, 0)`;
      const reads = Array.from(
        { length: 200 },
        (_, i) =>
          (i % 2 ? api : worker)`select ${i}::int as i, count(*)::int as c from users`.then((r) =>
            r[0].i
          ),
      );
      const writes = Array.from({ length: 40 }, () =>
        worker.begin(async (tx) => {
          const [row] = await tx`select n from counter where id = 1`;
          await tx`update counter set n = ${row.n + 1} where id = 1`;
        }));
      const results = await Promise.all([...reads, ...writes]);
      assertEquals(results.slice(0, 200), Array.from({ length: 200 }, (_, i) => i));
      const [{ n }] = await api`select n from counter where id = 1`;
      assertEquals(n, 40, "transactions did not interleave: no lost update");
    } finally {
      await api.end();
      await worker.end();
      await db.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
