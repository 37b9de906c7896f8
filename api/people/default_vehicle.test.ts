import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

/**
 * Issue 22: an instructor may have a default vehicle (instructor_profiles.default_vehicle_id,
 * migration 0100); the planner names it first. A save with only it changes only it.
 */
const t = await createTestApp("people_default_vehicle");
await insertUser(t.sql, { username: "chef", role: "admin" });
const anna = await insertUser(t.sql, { username: "anna", role: "instructor" });
const [car] = await t.sql`insert into vehicles (name) values ('DO-FS 3') returning id::int`;
const admin = t.client();
await admin.login("chef");
Deno.test.afterAll?.(() => t.close());

const profile = async () => (await (await admin.get(`/api/admin/users/${anna}/`)).json()).profile;

Deno.test("default vehicle: set, read back, cleared; an unknown vehicle is a German 400", async () => {
  assertEquals((await profile()).default_vehicle_id, null);
  const before = await profile();
  let res = await admin.put(`/api/admin/users/${anna}/`, { default_vehicle_id: car.id });
  assertEquals(res.status, 200);
  assertEquals(await profile(), { ...before, default_vehicle_id: car.id });
  res = await admin.put(`/api/admin/users/${anna}/`, { default_vehicle_id: 999999 });
  assertEquals(res.status, 400);
  const body = await res.json();
  assertEquals(
    JSON.stringify(body).includes("Standardfahrzeug: Fahrzeug 999999 gibt es nicht."),
    true,
  );
  res = await admin.put(`/api/admin/users/${anna}/`, { default_vehicle_id: null });
  assertEquals(res.status, 200);
  assertEquals((await profile()).default_vehicle_id, null);
});
