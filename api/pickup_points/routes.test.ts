import ExcelJS from "exceljs";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";
import { insertAppointment } from "../testing/insert_appointment.ts";

/**
 * Issue 22: the school's pickup points are a list the office edits; the student form, the import
 * (file and template) and the lessons follow it.
 */
const t = await createTestApp("pickup_points");
await insertUser(t.sql, { username: "chef", role: "admin" });
const anna = await insertUser(t.sql, { username: "anna", role: "instructor" });
await insertUser(t.sql, { username: "lena", role: "student" });
const admin = t.client();
await admin.login("chef");
const student = t.client();
await student.login("lena");
Deno.test.afterAll?.(() => t.close());

const names = async () =>
  ((await (await admin.get("/api/admin/pickup-points/")).json()).results as { name: string }[])
    .map((p) => p.name);

Deno.test("the spec's four places are the default list; only the office edits it", async () => {
  assertEquals(await names(), ["Kley", "Lüdo Bus Bhf.", "Barop", "Eichlinghofen"]);
  assertEquals((await student.get("/api/admin/pickup-points/")).status, 403);
  assertEquals((await student.post("/api/admin/pickup-points/", { name: "X" })).status, 403);
});

Deno.test("adding, renaming and deleting a pickup point; students and lessons follow", async () => {
  const added = await admin.post("/api/admin/pickup-points/", {
    name: "  Hauptbahnhof  ",
    address: "Königswall 15, Dortmund",
  });
  assertEquals(added.status, 201);
  assertEquals((await added.json()).results.at(-1).name, "Hauptbahnhof");
  const twice = await admin.post("/api/admin/pickup-points/", { name: "hauptbahnhof" });
  assertEquals([twice.status, (await twice.json()).error], [
    409,
    "Den Treffpunkt „hauptbahnhof“ gibt es schon.",
  ]);
  const comma = await admin.post("/api/admin/pickup-points/", { name: "Hbf, Nord" });
  assertEquals([comma.status, (await comma.json()).error], [
    400,
    "Der Name des Treffpunkts darf kein Komma enthalten.",
  ]);

  // A student starts there; an unknown place names the school's list.
  const created = await admin.post("/api/admin/students/create-manual/", {
    first_name: "Tom",
    last_name: "Treff",
    license_class: "B",
    start_location: "Hauptbahnhof",
    arrival_times: [{ day: "monday", time: "14:00" }],
  });
  assertEquals(created.status, 201);
  const tom = (await created.json()).id;
  const unknown = await admin.put(`/api/admin/users/${tom}/`, { start_location: "Mond" });
  assertEquals(
    (await unknown.json()).error,
    "Bitte wählen Sie einen gültigen Startort " +
      "(Kley, Lüdo Bus Bhf., Barop, Eichlinghofen oder Hauptbahnhof).",
  );
  await insertAppointment(t.sql, {
    student: tom,
    instructor: anna,
    day: "2099-03-01",
    start: "14:00",
  });

  const list = (await (await admin.get("/api/admin/pickup-points/")).json()).results;
  const hbf = list.find((p: { name: string }) => p.name === "Hauptbahnhof");
  assertEquals([hbf.address, hbf.students], ["Königswall 15, Dortmund", 1]);
  const renamed = await admin.put(`/api/admin/pickup-points/${hbf.id}/`, {
    name: "Hbf Dortmund",
    address: "Königswall 15",
  });
  assertEquals(renamed.status, 200);
  const detail = await (await admin.get(`/api/admin/users/${tom}/`)).json();
  assertEquals(detail.profile.metadata.start_location, "Hbf Dortmund");
  const lessons = await (await admin.get("/api/admin/appointments/?from=&search=Treff")).json();
  assertEquals(lessons.results.map((r: { pickup_point: string }) => r.pickup_point), [
    "Hbf Dortmund",
  ]);

  const inUse = await admin.delete(`/api/admin/pickup-points/${hbf.id}/`);
  assertEquals([inUse.status, (await inUse.json()).error], [
    409,
    "Der Treffpunkt „Hbf Dortmund“ ist noch einem Fahrschüler zugeordnet. " +
    "Bitte ändern Sie zuerst deren Treffpunkt.",
  ]);
  assertEquals(
    (await admin.put(`/api/admin/users/${tom}/`, { start_location: "Barop" })).status,
    200,
  );
  assertEquals((await admin.delete(`/api/admin/pickup-points/${hbf.id}/`)).status, 200);
  assert(!(await names()).includes("Hbf Dortmund"));
  assertEquals((await admin.delete(`/api/admin/pickup-points/${hbf.id}/`)).status, 404);
});

Deno.test("the import template lists the school's places and the import takes them", async () => {
  await admin.post("/api/admin/pickup-points/", { name: "Westfalenhallen" });
  const res = await admin.get("/api/admin/download/schueler-vorlage/");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const guide = workbook.getWorksheet("Anleitung")!;
  const help = [...Array(guide.rowCount).keys()].map((i) =>
    String(guide.getRow(i + 1).getCell(3).value)
  )
    .find((text) => text.includes("Wo die Fahrstunden beginnen"))!;
  assert(help.includes("„Westfalenhallen“"), help);

  const sheet = workbook.worksheets[0];
  const header = sheet.getRow(1).values as string[];
  const row = sheet.addRow([]);
  const set = (
    name: string,
    value: ExcelJS.CellValue,
  ) => (row.getCell(header.indexOf(name)).value = value);
  set("Vorname", "Wanda");
  set("Nachname", "West");
  set("E-Mail", "wanda.west@example.org");
  set("Führerscheinklasse", "B");
  set("Startort", "westfalenhallen");
  set("Montag Ankunft", 14 / 24);
  const form = new FormData();
  form.append(
    "file",
    new File([new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer)], "schueler.xlsx"),
  );
  const imported = await admin.request("POST", "/api/admin/import/students/", form);
  assertEquals(imported.status, 201, JSON.stringify(await imported.clone().json()));
  const [wanda] = await t.sql`
    select p.start_location from student_profiles p join users u on u.id = p.user_id
     where u.last_name = 'West'`;
  assertEquals(wanda.start_location, "Westfalenhallen");
});
