import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser } from "../testing/test_app.ts";

const t = await createTestApp("imports_test_data");
await insertUser(t.sql, { username: "chef", role: "admin" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

const started = performance.now();
const res = await admin.get("/api/admin/download/testdaten/");
const zip = new Uint8Array(await res.arrayBuffer());
const buildMs = performance.now() - started;
const files = unzipSync(zip);

async function sheetOf(name: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(files[name].slice().buffer as ArrayBuffer);
  return workbook.worksheets[0];
}

Deno.test("the package is a zip of 12 .xlsx files of about 0.4 MB", () => {
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("Content-Type"), "application/zip");
  assert(res.headers.get("Content-Disposition")!.includes("fahrplan-testdaten.zip"));
  assertEquals(Object.keys(files).sort(), [
    "fahrlehrer-vorlage.xlsx",
    "schueler-vorlage.xlsx",
    ...["gross", "klein", "legendary", "mega", "mittel"].flatMap((set) => [
      `testdaten-${set}-fahrlehrer.xlsx`,
      `testdaten-${set}-fahrschueler.xlsx`,
    ]),
  ]);
  assert(zip.length > 150_000 && zip.length < 700_000, `${zip.length} bytes`);
  console.log(`test-data zip: ${zip.length} bytes, built in ${buildMs.toFixed(0)} ms`);
});

Deno.test("each set has the spec's sizes, the template's header and unique e-mails", async () => {
  const sizes: Record<string, [number, number]> = {
    klein: [5, 10],
    mittel: [10, 50],
    gross: [15, 100],
    mega: [20, 150],
    legendary: [25, 200],
  };
  const template = await sheetOf("schueler-vorlage.xlsx");
  const templateHeader = JSON.stringify(template.getRow(1).values);
  const emails = new Set<string>();
  for (const [set, [instructors, students]] of Object.entries(sizes)) {
    const ins = await sheetOf(`testdaten-${set}-fahrlehrer.xlsx`);
    const stu = await sheetOf(`testdaten-${set}-fahrschueler.xlsx`);
    assertEquals(ins.actualRowCount - 1, instructors, set);
    assertEquals(stu.actualRowCount - 1, students, set);
    assertEquals(JSON.stringify(stu.getRow(1).values), templateHeader);
    for (const sheet of [ins, stu]) {
      sheet.eachRow((row, n) => {
        if (n > 1) emails.add(String(row.getCell(3).value));
      });
    }
  }
  assertEquals(emails.size, 75 + 510, "every e-mail in the package is unique");
  const mo = (await sheetOf("testdaten-mittel-fahrlehrer.xlsx")).getRow(2);
  const header = (await sheetOf("testdaten-mittel-fahrlehrer.xlsx")).getRow(1).values as string[];
  // Mon-Fri 08:00-19:00 and Sat 08:00-13:00 as Excel time cells.
  assertEquals(mo.getCell(header.indexOf("Montag bis")).value, new Date("1899-12-30T19:00:00Z"));
  assertEquals(mo.getCell(header.indexOf("Samstag bis")).value, new Date("1899-12-30T13:00:00Z"));
});

Deno.test("the Klein set imports without a single error", async () => {
  for (
    const [role, file, n] of [
      ["instructors", "testdaten-klein-fahrlehrer.xlsx", 5],
      ["students", "testdaten-klein-fahrschueler.xlsx", 10],
    ] as const
  ) {
    const form = new FormData();
    form.append("file", new File([files[file]], file));
    const r = await admin.request("POST", `/api/admin/import/${role}/`, form);
    const body = await r.json();
    assertEquals(r.status, 201, JSON.stringify(body));
    assertEquals(body.created_count, n);
  }
  const [{ n }] = await t.sql`select count(*)::int as n from availabilities
    where availability_type = 'arrival'`;
  assert(n >= 10);
});
