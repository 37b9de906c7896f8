import { assertEquals } from "../testing/assert.ts";
import { createTestDatabase, insertUser } from "../../db/test_database.ts";
import { recordAudit } from "./audit.ts";

const db = await createTestDatabase("audit_log");
Deno.test.afterAll?.(() => db.sql.end({ timeout: 5 }));

Deno.test("an audit line is written with the actor's name, or 'System' without one", async () => {
  const id = await insertUser(db.sql, { username: "chef", role: "admin" });
  await recordAudit(
    db.sql,
    { id, username: "chef", first_name: "Anna", last_name: "Chef" },
    "vehicle.create",
    "Fahrzeug DO-FS 1 angelegt",
    { vehicle_id: 7 },
  );
  await recordAudit(db.sql, null, "planner.failed", "Planung fehlgeschlagen");
  const rows = await db
    .sql`select actor_id::int, actor_name, action, summary, details from audit_log order by id`;
  assertEquals(rows.map((r) => [r.actor_id, r.actor_name, r.action, r.summary, r.details]), [
    [id, "Anna Chef", "vehicle.create", "Fahrzeug DO-FS 1 angelegt", { vehicle_id: 7 }],
    [null, "System", "planner.failed", "Planung fehlgeschlagen", {}],
  ]);
});

Deno.test("an audit line rolls back with the change it describes", async () => {
  await db.sql`delete from audit_log`;
  await db.sql.begin(async (tx) => {
    await recordAudit(tx, null, "x.y", "wird zurückgerollt");
    throw new Error("die Änderung scheitert");
  }).catch(() => {});
  const [{ count }] = await db.sql`select count(*)::int as count from audit_log`;
  assertEquals(count, 0);
});
