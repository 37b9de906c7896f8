import { assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("vehicles_routes");
await insertUser(t.sql, { username: "chef", role: "admin" });
const instructorId = await insertUser(t.sql, { username: "lehrer", role: "instructor" });
const studentId = await insertUser(t.sql, { username: "schueler", role: "student" });
const otherInstructorId = await insertUser(t.sql, { username: "lehrer2", role: "instructor" });
const otherStudentId = await insertUser(t.sql, { username: "schueler2", role: "student" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

/** Each test starts without vehicles or appointments and adds what it reads. */
async function clean() {
  await t.sql`delete from appointments`;
  await t.sql`delete from vehicles`;
}

async function addVehicle(name: string, transmission = "manual"): Promise<number> {
  const [row] = await t.sql`
    insert into vehicles (name, transmission) values (${name}, ${transmission}) returning id::int
  `;
  return row.id;
}

Deno.test("adding a vehicle answers 201; manual is the default transmission", async () => {
  await clean();
  const res = await admin.post("/api/admin/vehicles/add/", { name: "  DO-FS  101 " });
  assertEquals(res.status, 201);
  const body = await res.json();
  assertEquals(body.name, "DO-FS 101");
  assertEquals(body.transmission, "manual");
  assertEquals(body.message, "Fahrzeug „DO-FS 101“ wurde hinzugefügt.");
  const auto = await admin.post("/api/admin/vehicles/add/", {
    name: "B-PL 1234",
    transmission: "automatic",
  });
  assertEquals((await auto.json()).transmission, "automatic");
});

Deno.test("a plate that exists in another letter case answers 409", async () => {
  await clean();
  await addVehicle("DO-FS 101");
  const res = await admin.post("/api/admin/vehicles/add/", { name: "do-fs 101" });
  assertEquals(res.status, 409);
  assertEquals(
    (await res.json()).error,
    "Ein Fahrzeug mit diesem Kennzeichen existiert bereits.",
  );
});

Deno.test("vehicle validation answers German messages", async () => {
  const cases: [unknown, string][] = [
    [{}, "Bitte geben Sie das Kennzeichen ein."],
    [{ name: "   " }, "Bitte geben Sie das Kennzeichen ein."],
    [{ name: "X".repeat(21) }, "Das Kennzeichen darf höchstens 20 Zeichen lang sein."],
    [{ name: "DO-X 1", transmission: "cvt" }, "Das Getriebe muss „manual“ oder „automatic“ sein."],
  ];
  for (const [body, message] of cases) {
    const res = await admin.post("/api/admin/vehicles/add/", body);
    assertEquals([res.status, (await res.json()).error], [400, message]);
  }
});

Deno.test("the list counts non-cancelled appointments and sorts by name or count", async () => {
  await clean();
  const car = { id: await addVehicle("DO-FS 101") };
  await addVehicle("B-PL 1234", "automatic");
  await t.sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status)
    values (${studentId}, ${instructorId}, ${car.id}, 'manual', '2026-03-02 09:00+01',
            '2026-03-02 10:00+01', 'confirmed'),
           (${studentId}, ${instructorId}, ${car.id}, 'manual', '2026-03-03 09:00+01',
            '2026-03-03 10:00+01', 'confirmed'),
           (${studentId}, ${instructorId}, ${car.id}, 'manual', '2026-03-04 09:00+01',
            '2026-03-04 10:00+01', 'cancelled')
  `;
  const byName = await (await admin.get("/api/admin/vehicles/")).json();
  assertEquals(byName.results.map((v: { name: string }) => v.name), ["B-PL 1234", "DO-FS 101"]);
  assertEquals(byName.results[1].appointment_count, 2);
  const byCount = await (
    await admin.get("/api/admin/vehicles/?sort_by=appointment_count&sort_direction=desc")
  ).json();
  assertEquals(
    byCount.results.map((v: { name: string; appointment_count: number }) => [
      v.name,
      v.appointment_count,
    ]),
    [["DO-FS 101", 2], ["B-PL 1234", 0]],
  );
  const bad = await admin.get("/api/admin/vehicles/?sort_by=farbe");
  assertEquals([bad.status, (await bad.json()).error], [
    400,
    "Nach „farbe“ kann nicht sortiert werden.",
  ]);
});

Deno.test("instructors and students get 403 on every vehicle call", async () => {
  for (const username of ["lehrer", "schueler"]) {
    const client = t.client();
    await client.login(username);
    const list = await client.get("/api/admin/vehicles/");
    const add = await client.post("/api/admin/vehicles/add/", { name: "HACK 1" });
    assertEquals([list.status, add.status], [403, 403]);
    assertEquals((await add.json()).error, "Dafür fehlt Ihnen die Berechtigung.");
  }
  const [{ n }] = await t.sql`select count(*)::int as n from vehicles where name = 'HACK 1'`;
  assertEquals(n, 0);
});

async function addLesson(vehicleId: number, inDays: number, status = "confirmed") {
  await t.sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status)
    values (${studentId}, ${instructorId}, ${vehicleId}, 'manual',
            now() + make_interval(days => ${inDays}),
            now() + make_interval(days => ${inDays}) + interval '1 hour', ${status})
  `;
}

async function auditLines(action: string) {
  return (await t.sql`select summary from audit_log where action = ${action} order by id`)
    .map((row) => row.summary as string);
}

Deno.test("editing a vehicle changes plate and gearbox and writes an audit line", async () => {
  await clean();
  const id = await addVehicle("DO-FS 1");
  await addVehicle("DO-FS 2");
  const res = await admin.put(`/api/admin/vehicles/${id}/`, {
    name: "DO-FS 11",
    transmission: "automatic",
  });
  assertEquals(res.status, 200);
  assertEquals((await res.json()).message, "Fahrzeug „DO-FS 11“ wurde gespeichert.");
  const [row] = await t.sql`select name, transmission from vehicles where id = ${id}`;
  assertEquals([row.name, row.transmission], ["DO-FS 11", "automatic"]);
  assertEquals(
    (await auditLines("vehicle.update")).at(-1),
    "Fahrzeug DO-FS 11 geändert (Kennzeichen DO-FS 1 → DO-FS 11, Getriebe Schaltgetriebe → Automatik)",
  );
  const taken = await admin.put(`/api/admin/vehicles/${id}/`, { name: "do-fs 2" });
  assertEquals(taken.status, 409);
  assertEquals(
    (await taken.json()).error,
    "Ein Fahrzeug mit diesem Kennzeichen existiert bereits.",
  );
  assertEquals((await admin.put("/api/admin/vehicles/999999/", { name: "X 1" })).status, 404);
});

Deno.test("a vehicle with future lessons is deleted only when they move to another vehicle", async () => {
  await clean();
  const busy = await addVehicle("DO-FS 1");
  const spare = await addVehicle("DO-FS 2");
  const auto = await addVehicle("DO-FS 3", "automatic");
  await addLesson(busy, 1);
  await addLesson(busy, 2);
  await addLesson(busy, 3, "cancelled");

  const refused = await admin.delete(`/api/admin/vehicles/${busy}/`);
  assertEquals(refused.status, 409);
  assertEquals(
    (await refused.json()).error,
    "Das Fahrzeug „DO-FS 1“ hat noch 2 künftige Termine. Bitte weisen Sie diese zuerst einem anderen Fahrzeug zu.",
  );
  const wrongGearbox = await admin.delete(`/api/admin/vehicles/${busy}/?reassign_to=${auto}`);
  assertEquals(wrongGearbox.status, 409);
  assertEquals((await t.sql`select 1 from vehicles where id = ${busy}`).length, 1);

  const moved = await admin.delete(`/api/admin/vehicles/${busy}/?reassign_to=${spare}`);
  assertEquals(moved.status, 200);
  assertEquals(
    (await moved.json()).message,
    "Fahrzeug „DO-FS 1“ wurde gelöscht; 2 künftige Termine fahren jetzt mit „DO-FS 2“.",
  );
  const [count] = await t.sql`
    select count(*)::int as n from appointments where vehicle_id = ${spare} and status <> 'cancelled'`;
  assertEquals(count.n, 2);
  assertEquals(
    (await auditLines("vehicle.delete")).at(-1),
    "Fahrzeug DO-FS 1 gelöscht; 2 künftige Termine auf DO-FS 2 umgebucht",
  );

  // Without future lessons a vehicle goes at once.
  const free = await admin.delete(`/api/admin/vehicles/${auto}/`);
  assertEquals(free.status, 200);
  assertEquals((await free.json()).message, "Fahrzeug „DO-FS 3“ wurde gelöscht.");
});

Deno.test("the other vehicle must be free at the lessons' times", async () => {
  await clean();
  const busy = await addVehicle("DO-FS 1");
  const spare = await addVehicle("DO-FS 2");
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const people = [[studentId, instructorId], [otherStudentId, otherInstructorId]];
  for (const [i, vehicle] of [busy, spare].entries()) {
    await t.sql`
      insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                                ends_at)
      values (${people[i][0]}, ${people[i][1]}, ${vehicle}, 'manual', ${start},
              ${start}::timestamptz + interval '1 hour')`;
  }
  const res = await admin.delete(`/api/admin/vehicles/${busy}/?reassign_to=${spare}`);
  assertEquals(res.status, 409);
  assertEquals(
    (await res.json()).error,
    "Das Fahrzeug „DO-FS 2“ ist zur Zeit eines dieser Termine schon belegt. Bitte wählen Sie ein anderes Fahrzeug.",
  );
});
