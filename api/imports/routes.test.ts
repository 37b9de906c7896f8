import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { importPreviewSchema, importResultSchema } from "../../common/contract/imports.ts";
import { assert, assertEquals } from "../testing/assert.ts";
import { createTestApp, insertUser, TestClient } from "../testing/test_app.ts";

const t = await createTestApp("imports_routes");
await insertUser(t.sql, { username: "chef", role: "admin" });
await insertUser(t.sql, { username: "lehrer", role: "instructor" });
const admin = t.client();
await admin.login("chef");

Deno.test.afterAll?.(() => t.close());

async function download(path: string): Promise<ExcelJS.Workbook> {
  const res = await admin.get(path);
  assertEquals(res.status, 200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  return workbook;
}

function upload(path: string, name: string, bytes: Uint8Array | string, client = admin) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  return client.request("POST", path, form);
}

async function xlsx(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer);
}

/** Excel's own value for a time typed into an hh:mm cell: a fraction of a day. */
const time = (h: number, m = 0) => (h * 60 + m) / 1440;

const count = async (table: string) =>
  Number((await t.sql`select count(*)::int as n from ${t.sql(table)}`)[0].n);

Deno.test("the student template: frozen bold header, example row, drop-downs, Anleitung", async () => {
  const workbook = await download("/api/admin/download/schueler-vorlage/");
  assertEquals(workbook.worksheets.map((s) => s.name), ["Fahrschüler", "Anleitung"]);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as string[]).slice(1);
  assertEquals(header.slice(0, 8), [
    "Vorname",
    "Nachname",
    "E-Mail",
    "Telefon",
    "Führerscheinklasse",
    "Schule",
    "Startort",
    "In den Ferien verfügbar",
  ]);
  for (const day of ["Montag", "Freitag"]) {
    for (const part of ["Schule von", "Schule bis", "Ankunft", "Freistunden"]) {
      assert(header.includes(`${day} ${part}`), `${day} ${part}`);
    }
  }
  assert(header.includes("Urlaub"));
  assertEquals(sheet.getRow(1).font?.bold, true);
  assertEquals(sheet.views[0].state, "frozen");
  assertEquals((sheet.views[0] as { ySplit?: number }).ySplit, 1);
  assertEquals(sheet.getCell("A2").value, "Lena");
  assertEquals(sheet.actualRowCount, 2);
  const rules = (sheet as unknown as { dataValidations: { model: Record<string, unknown> } })
    .dataValidations.model;
  const lists = Object.values(rules).map((r) => (r as { formulae: string[] }).formulae[0]);
  assert(lists.includes('"B,B78,B197"'), JSON.stringify(lists));
  assert(lists.includes('"Kley,Lüdo Bus Bhf.,Barop,Eichlinghofen"'));
  assert(lists.includes('"ja,nein"'));
  // Only the schema's error styles: Excel "repairs" a file with any other (openpyxl refuses it).
  const res = await admin.get("/api/admin/download/schueler-vorlage/");
  const xml = new TextDecoder().decode(
    unzipSync(new Uint8Array(await res.arrayBuffer()))["xl/worksheets/sheet1.xml"],
  );
  const styles = [...xml.matchAll(/errorStyle="([^"]*)"/g)].map((m) => m[1]);
  assert(styles.every((s) => ["stop", "warning", "information"].includes(s)), styles.join());
  const guide = workbook.getWorksheet("Anleitung")!;
  const explained = guide.getColumn(1).values.slice(2).map(String);
  for (const column of header) assert(explained.includes(column), `Anleitung explains ${column}`);
  assert(String(guide.getCell("C2").value).includes("Pflichtfeld"));
});

Deno.test("the instructor template has Getriebe as a drop-down and Monday to Saturday", async () => {
  const workbook = await download("/api/admin/download/fahrlehrer-vorlage/");
  const sheet = workbook.getWorksheet("Fahrlehrer")!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  assert(header.includes("Getriebe") && header.includes("Samstag bis"), header.join(","));
  const rules = (sheet as unknown as { dataValidations: { model: Record<string, unknown> } })
    .dataValidations.model;
  assert(JSON.stringify(rules).includes("Schaltung,Automatik,beide"));
});

Deno.test("a student template filled in as the Anleitung says imports without an error", async () => {
  const workbook = await download("/api/admin/download/schueler-vorlage/");
  const sheet = workbook.worksheets[0];
  const col = (name: string) => (sheet.getRow(1).values as string[]).indexOf(name); // 1-based like exceljs cells
  const fill = (values: Record<string, ExcelJS.CellValue>) => {
    const row = sheet.addRow([]);
    for (const [name, value] of Object.entries(values)) row.getCell(col(name)).value = value;
  };
  fill({
    Vorname: "Jonas",
    Nachname: "Krüger",
    "E-Mail": "jonas.krueger@example.org",
    Telefon: "0176 555",
    Führerscheinklasse: "B197",
    Schule: "Gesamtschule Scharnhorst",
    Startort: "Kley",
    "In den Ferien verfügbar": "nein",
    "Montag Schule von": time(8),
    "Montag Schule bis": time(13, 30),
    "Montag Ankunft": time(14),
    "Mittwoch Ankunft": time(15, 15),
    "Dienstag Freistunden": "09:45-10:30, 11:15-12:00",
    Urlaub: "19.07.2027-30.07.2027; 24.12.2027",
  });
  fill({
    Vorname: "Mia",
    Nachname: "Schulz",
    "E-Mail": "mia.schulz@example.org",
    Führerscheinklasse: "B",
    "Freitag Ankunft": time(13),
    Urlaub: new Date(Date.UTC(2027, 9, 4)),
  });
  const res = await upload("/api/admin/import/students/", "schueler.xlsx", await xlsx(workbook));
  const raw = await res.json();
  assertEquals(res.status, 201, JSON.stringify(raw));
  // The answer is the shared contract's import result, exactly what the web app reads.
  const body = importResultSchema.strict().parse(raw);
  assertEquals(body.total, 3);
  assertEquals(body.created_count, 2);
  assertEquals(body.message, "2 Fahrschüler importiert.");
  // The template's example row is left out and said so.
  assertEquals(body.skipped, [{
    row: 2,
    name: "Lena Wagner",
    email: "lena.wagner@example.com",
    reason: "Beispielzeile der Vorlage",
  }]);
  assertEquals(body.created_users.map((u: { name: string }) => u.name), [
    "Jonas Krüger",
    "Mia Schulz",
  ]);
  assertEquals(body.created_users[0].username, "jonas.krueger");
  // The imported student can sign in with the password shown once.
  const jonas = new TestClient(t.app);
  await jonas.login("jonas.krueger", body.created_users[0].password);
  const rows = await t.sql`
    select availability_type as type, day_of_week as day, start_time::text as start,
           end_time::text as "end", period
    from availabilities a join users u on u.id = a.user_id
    where u.username = 'jonas.krueger' order by type, day, start`;
  assertEquals(rows.map((r) => `${r.type} ${r.day} ${r.start}-${r.end} ${r.period ?? ""}`), [
    "arrival 1 14:00:00-20:00:00 ",
    "arrival 3 15:15:00-20:00:00 ",
    "free_period 2 09:45:00-10:30:00 1",
    "free_period 2 11:15:00-12:00:00 2",
    "school 1 08:00:00-13:30:00 ",
  ]);
  const [profile] = await t.sql`
    select license_class, start_location, available_in_holidays, school_name,
           required_automatic_hours, required_manual_hours
    from student_profiles p join users u on u.id = p.user_id where u.username = 'jonas.krueger'`;
  assertEquals({ ...profile }, {
    license_class: "B197",
    start_location: "Kley",
    available_in_holidays: false,
    school_name: "Gesamtschule Scharnhorst",
    required_automatic_hours: 14,
    required_manual_hours: 6,
  });
  const vacations = await t.sql`
    select start_date, end_date from vacation_periods v join users u on u.id = v.user_id
    where u.username in ('jonas.krueger', 'mia.schulz') order by start_date`;
  assertEquals(vacations.map((v) => `${v.start_date}/${v.end_date}`), [
    "2027-07-19/2027-07-30",
    "2027-10-04/2027-10-04",
    "2027-12-24/2027-12-24",
  ]);
  // The students list shows them.
  const list = await (await admin.get("/api/admin/users/?role=student&search=Krüger")).json();
  assertEquals(list.results.length, 1);

  // Importing the same file again creates nobody and says why.
  const again = await upload("/api/admin/import/students/", "schueler.xlsx", await xlsx(workbook));
  const second = await again.json();
  assertEquals(second.created_count, 0);
  assertEquals(second.created_users, []);
  assertEquals(second.skipped.map((s: { reason: string }) => s.reason), [
    "Beispielzeile der Vorlage",
    "bereits vorhanden",
    "bereits vorhanden",
  ]);
  assertEquals(second.message, "0 Fahrschüler importiert. 2 bereits vorhanden (übersprungen).");
});

Deno.test("an instructor template filled in imports with work times, break and Saturday", async () => {
  const workbook = await download("/api/admin/download/fahrlehrer-vorlage/");
  const sheet = workbook.worksheets[0];
  const header = sheet.getRow(1).values as string[];
  const row = sheet.addRow([]);
  const set = (name: string, value: ExcelJS.CellValue) =>
    row.getCell(header.indexOf(name)).value = value;
  set("Vorname", "Sabine");
  set("Nachname", "Hoffmann");
  // A hyperlink cell, as Excel makes of a typed address, in capitals.
  set("E-Mail", {
    text: "Sabine.Hoffmann@Example.org",
    hyperlink: "mailto:Sabine.Hoffmann@Example.org",
  });
  set("Getriebe", "Automatik");
  set("Stunden pro Monat", 120);
  set("Montag von", time(8));
  set("Montag bis", time(19));
  set("Samstag von", "8 Uhr");
  set("Samstag bis", "13.00");
  set("Pause von", "12:30");
  set("Pause bis", "13:00");
  const res = await upload("/api/admin/import/instructors/", "lehrer.xlsx", await xlsx(workbook));
  const body = await res.json();
  assertEquals(res.status, 201, JSON.stringify(body));
  assertEquals(body.created_count, 1);
  const [user] = await t.sql`select id, email from users where username = 'sabine.hoffmann'`;
  assertEquals(user.email, "sabine.hoffmann@example.org");
  const rows = await t.sql`select availability_type as type, day_of_week as day,
      start_time::text as s, end_time::text as e from availabilities where user_id = ${user.id}
      order by type, day`;
  assertEquals(rows.map((r) => `${r.type} ${r.day ?? "-"} ${r.s}-${r.e}`), [
    "break - 12:30:00-13:00:00",
    "work 1 08:00:00-19:00:00",
    "work 6 08:00:00-13:00:00",
  ]);
  const [profile] = await t.sql`select transmission_types, monthly_hours_target
    from instructor_profiles where user_id = ${user.id}`;
  assertEquals(profile.transmission_types, ["automatic"]);
  assertEquals(profile.monthly_hours_target, 120);
});

/** Encodes text as Windows-1252 (the characters used here are all Latin-1). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
}

const messyCsv = [
  "Lfd. Nr.;VORNAME ; nachname;e-mail ;Klasse;Startort;Ferien;Ankunft Mo;Mo Schulbeginn;Mo Schulende;Freistunden Di;Kommentar intern",
  "1;Jürgen;Weiß;  JUERGEN.WEISS@Example.ORG ;b78;lüdo;JA;8 Uhr;;;10 - 11 Uhr;egal",
  ";;;;;;;;;;;",
  "2;Änne;Groß;mailto:aenne@example.org;B;;;14.30;08.00;13.30;;",
  "",
].join("\r\n");

Deno.test("a messy Windows-1252 CSV: preview shows what was understood and writes nothing", async () => {
  const before = await count("users");
  const res = await upload(
    "/api/admin/import/students/?preview=1",
    "export.csv",
    windows1252(messyCsv),
  );
  const raw = await res.json();
  assertEquals(res.status, 200, JSON.stringify(raw));
  // The preview the web app's table reads (common/contract/imports.ts), nothing more or less.
  const body = importPreviewSchema.strict().parse(raw);
  assertEquals(body.preview, true);
  assertEquals(body.create_count, 2);
  assertEquals(body.error_count, 0);
  assertEquals(body.rows[0].name, "Jürgen Weiß");
  assertEquals(body.rows[0].email, "juergen.weiss@example.org");
  assertEquals(
    body.rows[0].summary,
    "Klasse B78 · Startort Lüdo Bus Bhf. · Ankunft: Mo 08:00 · Freistunden: Di 10:00–11:00 · Ferien: ja",
  );
  assertEquals(body.rows[1].row, 4);
  assertEquals(body.rows[1].email, "aenne@example.org");
  assertEquals(body.rows[1].summary, "Klasse B · Ankunft: Mo 14:30 · Ferien: ja");
  assertEquals(await count("users"), before);

  const done = await upload("/api/admin/import/students/", "export.csv", windows1252(messyCsv));
  assertEquals(done.status, 201);
  assertEquals((await done.json()).created_users.map((u: { username: string }) => u.username), [
    "juergen.weiss",
    "aenne.gross",
  ]);
});

Deno.test("a UTF-8 CSV with BOM, a title line, ',' and a single Name column imports", async () => {
  const csv = "\uFEFFFahrlehrer Stand März\n" +
    "Name,E-Mail,Getriebe,Montag von,Montag bis\nKarl Otto Lehmann,k.lehmann@example.net,beide,7:30,16:00\n";
  const res = await upload("/api/admin/import/instructors/", "lehrer.csv", csv);
  const body = await res.json();
  assertEquals(res.status, 201, JSON.stringify(body));
  const [user] = await t
    .sql`select first_name, last_name from users where email = 'k.lehmann@example.net'`;
  assertEquals({ ...user }, { first_name: "Karl Otto", last_name: "Lehmann" });
});

Deno.test("bad rows answer 400 naming row and column in German, and nothing is written", async () => {
  const before = await count("users");
  const workbook = await download("/api/admin/download/schueler-vorlage/");
  const sheet = workbook.worksheets[0];
  sheet.addRow(["Gute", "Zeile", "gut@example.org", "", "B", "", "", "", "", "", "14:00"]);
  sheet.addRow(["Ohne", "Adresse", "kein-at-zeichen", "", "C1", "", "Dortmund", "vielleicht"]);
  sheet.addRow(["", "", "doppelt@example.org", "", "B", "", "", "", "", "", "25:00"]);
  sheet.addRow(["Noch", "Einmal", "DOPPELT@example.org", "", "B"]);
  sheet.addRow(["Ohne", "Zeiten", "ohne@example.org", "", "B"]);
  // Rows 3..7 (row 2 is the example, which is skipped).
  const res = await upload("/api/admin/import/students/", "fehler.xlsx", await xlsx(workbook));
  const body = await res.json();
  assertEquals(res.status, 400);
  assertEquals(body.code, "import_invalid");
  const messages = body.details.map((d: { message: string }) => d.message);
  assertEquals(messages, [
    "Zeile 4, Spalte „E-Mail“: „kein-at-zeichen“ ist keine gültige E-Mail-Adresse.",
    "Zeile 4, Spalte „Führerscheinklasse“: „C1“ ist nicht erlaubt („B“, „B78“, „B197“).",
    "Zeile 4, Spalte „Startort“: „Dortmund“ ist nicht erlaubt („Kley“, „Lüdo Bus Bhf.“, „Barop“, „Eichlinghofen“).",
    "Zeile 4, Spalte „In den Ferien verfügbar“: „vielleicht“ ist weder „ja“ noch „nein“.",
    "Zeile 5, Spalte „Vorname“: Der Vorname fehlt.",
    "Zeile 5, Spalte „Nachname“: Der Nachname fehlt.",
    "Zeile 5, Spalte „Montag Ankunft“: „25:00“ ist keine Uhrzeit (z. B. 08:00).",
    "Zeile 6, Spalte „E-Mail“: „doppelt@example.org“ steht schon in Zeile 5.",
    "Zeile 7: Bitte geben Sie mindestens eine Freistunde oder Ankunftszeit an, damit Termine geplant werden können.",
  ]);
  assert(body.error.startsWith("Die Datei enthält 9 Fehler. Es wurde nichts importiert."));
  assertEquals(await count("users"), before);

  // The preview of the same file answers 200 with the same errors.
  const preview = await upload(
    "/api/admin/import/students/?preview=true",
    "fehler.xlsx",
    await xlsx(workbook),
  );
  const p = await preview.json();
  assertEquals(preview.status, 200);
  assertEquals(p.errors, messages);
});

Deno.test("a missing required column is named; formula cells count by their cached value", async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Tabelle1");
  sheet.addRow(["Vorname", "Nachname", "Klasse", "Ankunft Montag"]);
  sheet.addRow(["A", "B", "B", "14:00"]);
  let res = await upload("/api/admin/import/students/", "x.xlsx", await xlsx(workbook));
  assertEquals(
    (await res.json()).details[0].message,
    "Die Spalte „E-Mail“ fehlt in der Kopfzeile (Zeile 1).",
  );

  // A formula nobody calculated (as programs other than Excel write them) is named.
  sheet.getRow(1).getCell(5).value = "Mail";
  sheet.getRow(2).getCell(5).value = "formel@example.org";
  sheet.getRow(2).getCell(4).value = { formula: "TIME(14,0,0)" } as ExcelJS.CellValue;
  res = await upload("/api/admin/import/students/", "x.xlsx", await xlsx(workbook));
  assertEquals(
    (await res.json()).details[0].message,
    "Zeile 2, Spalte „Ankunft Montag“: Die Formel hat keinen berechneten Wert; bitte die Datei in Excel öffnen und speichern.",
  );

  sheet.getRow(2).getCell(5).value = {
    formula: 'LOWER("FORMEL@EXAMPLE.ORG")',
    result: "formel@example.org",
  };
  sheet.getRow(2).getCell(4).value = { formula: "TIME(14,0,0)", result: time(14) };
  res = await upload("/api/admin/import/students/", "x.xlsx", await xlsx(workbook));
  assertEquals(res.status, 201, await res.clone().text());
  const [row] = await t.sql`select start_time::text as s from availabilities a
    join users u on u.id = a.user_id where u.email = 'formel@example.org'`;
  assertEquals(row.s, "14:00:00");
});

/** A one-row student sheet followed by `count` empty rows that carry only a format. */
async function withEmptyRows(count: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Fahrschüler");
  sheet.addRow(["Vorname", "Nachname", "E-Mail"]);
  sheet.addRow(["Lena", "Becker", "lena@example.de"]);
  const files = unzipSync(await xlsx(workbook));
  const name = "xl/worksheets/sheet1.xml";
  const xml = new TextDecoder().decode(files[name]);
  const empty: string[] = [];
  for (let r = 3; r < count + 3; r++) empty.push(`<row r="${r}" s="1" customFormat="1"/>`);
  files[name] = new TextEncoder().encode(
    xml.replace("</sheetData>", `${empty.join("")}</sheetData>`),
  );
  return zipSync(files, { level: 6 });
}

Deno.test("hostile and wrong files get a German 4xx and nothing is written", async () => {
  const before = await count("users");
  const path = "/api/admin/import/students/";
  const cases: [string, Uint8Array | string, number, string][] = [];

  // A legacy .xls: an OLE compound file.
  const ole = new Uint8Array(4096);
  ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  cases.push(["alt.xls", ole, 415, "Das alte Excel-Format (.xls) wird nicht unterstützt."]);

  // A password-protected .xlsx is an OLE file with an EncryptedPackage stream.
  const encrypted = ole.slice();
  const name = "EncryptedPackage";
  for (let i = 0; i < name.length; i++) encrypted[1024 + i * 2] = name.charCodeAt(i);
  cases.push(["geschuetzt.xlsx", encrypted, 415, "mit einem Passwort geschützt"]);

  // A text file renamed to .xlsx.
  cases.push(["umbenannt.xlsx", "Vorname;Nachname\nA;B\n", 415, "ist keine Excel-Arbeitsmappe"]);

  // A zip bomb: 40 MB of zeros inside a tiny archive that calls itself a workbook.
  const bomb = zipSync({
    "xl/workbook.xml": new TextEncoder().encode("<workbook/>"),
    "xl/worksheets/sheet1.xml": new Uint8Array(40 * 1024 * 1024),
  }, { level: 9 });
  assert(bomb.length < 200_000, `bomb is ${bomb.length} bytes`);
  cases.push(["bombe.xlsx", bomb, 413, "unverhältnismäßig groß"]);

  // The same bomb with a lying directory: it declares 1,000 bytes, the data holds 40 MB.
  const liar = bomb.slice();
  const view = new DataView(liar.buffer);
  for (let i = 0; i < liar.length - 4; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x02014b50 && view.getUint32(i + 24, true) === 40 * 1024 * 1024) {
      view.setUint32(i + 24, 1000, true);
    }
    if (sig === 0x04034b50 && view.getUint32(i + 22, true) === 40 * 1024 * 1024) {
      view.setUint32(i + 22, 1000, true);
    }
  }
  cases.push(["luegner.xlsx", liar, 413, "unverhältnismäßig groß"]);

  // Another zip (a Word file, say) renamed to .xlsx.
  cases.push([
    "brief.xlsx",
    zipSync({ "word/document.xml": new TextEncoder().encode("<w/>") }),
    415,
    "keine Excel-Arbeitsmappe",
  ]);

  // Broken: a zip cut in half.
  const good = await xlsx((() => {
    const w = new ExcelJS.Workbook();
    w.addWorksheet("A").addRow(["x"]);
    return w;
  })());
  cases.push(["kaputt.xlsx", good.slice(0, good.length / 2), 400, "beschädigt"]);

  // An empty sheet.
  const empty = new ExcelJS.Workbook();
  empty.addWorksheet("Leer");
  cases.push(["leer.xlsx", await xlsx(empty), 400, "Die Tabelle ist leer"]);
  cases.push(["leer.csv", "", 400, "Die Datei ist leer."]);
  cases.push([
    "bild.csv",
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    400,
    "keine Textdatei",
  ]);
  cases.push(["bild.png", "\x89PNG....", 415, "Excel-Datei (.xlsx) oder eine CSV-Datei"]);
  cases.push(["gross.csv", "a".repeat(5 * 1024 * 1024 + 1), 413, "zu groß (höchstens 5 MB)"]);
  cases.push([
    "lang.csv",
    "Vorname;Nachname;E-Mail\n" + "A;B;c@d.de\n".repeat(5001),
    413,
    "mehr als 5.000 Zeilen",
  ]);

  // 700,000 empty but formatted rows under one line of data: 3 MB, and exceljs would build every
  // row (18 s and 1 GB); the row count before it refuses the file.
  cases.push(["formatiert.xlsx", await withEmptyRows(700_000), 413, "leer, aber formatiert"]);
  // 5,001 rows of data in a workbook: refused by the count, before exceljs reads them.
  const long = new ExcelJS.Workbook();
  const longSheet = long.addWorksheet("Fahrschüler");
  longSheet.addRow(["Vorname", "Nachname", "E-Mail"]);
  for (let i = 0; i < 5001; i++) longSheet.addRow(["A", "B", `a${i}@b.de`]);
  cases.push(["lang.xlsx", await xlsx(long), 413, "mehr als 5.000 Zeilen"]);

  for (const [file, bytes, status, text] of cases) {
    const res = await upload(path, file, bytes);
    const body = await res.json();
    assertEquals(res.status, status, `${file}: ${JSON.stringify(body)}`);
    assert(body.error.includes(text), `${file}: ${body.error}`);
  }
  assertEquals(await count("users"), before);
});

Deno.test("imports are admin-only and need the CSRF token", async () => {
  const teacher = t.client();
  await teacher.login("lehrer");
  let res = await upload("/api/admin/import/students/", "a.csv", "x", teacher);
  assertEquals(res.status, 403);
  res = await t.client().get("/api/admin/download/schueler-vorlage/");
  assertEquals(res.status, 401);
  const form = new FormData();
  form.append("file", new File(["x"], "a.csv"));
  res = await admin.request("POST", "/api/admin/import/students/", form, {
    "X-CSRFToken": "falsch",
  });
  assertEquals(res.status, 403);
  assertEquals((await res.json()).code, "csrf_failed");
});

Deno.test("two uploads of one file at once: one imports, the other writes nothing", async () => {
  const csv = "Vorname;Nachname;E-Mail;Klasse;Ankunft Mo\n" +
    Array.from({ length: 3 }, (_, i) => `Par;Allel${i};par${i}@example.net;B;14:00`).join("\n");
  const [a, b] = await Promise.all([
    upload("/api/admin/import/students/", "a.csv", csv),
    upload("/api/admin/import/students/", "b.csv", csv),
  ]);
  const bodies = [await a.json(), await b.json()];
  const created = bodies.map((x) => x.created_count ?? 0);
  // Either the second saw the first's rows (skipped) or it lost the race (409, nothing written).
  assertEquals(created.reduce((s, n) => s + n, 0), 3, JSON.stringify(bodies));
  for (const body of bodies) {
    if (body.code) {
      // The loser meets the winner's address or (the same names) its username first.
      assert(["email_taken", "import_conflict"].includes(body.code), body.code);
      assert(/^Zeile \d: .* (wurde gerade|gleichzeitig)/.test(body.error), body.error);
      assert(/Es wurde nichts importiert/.test(body.error));
    }
  }
  const [{ n }] = await t.sql`select count(*)::int as n from users where email like 'par%'`;
  assertEquals(n, 3);
});

Deno.test("at most the first 50 errors are listed; the message counts them all", async () => {
  const lines = Array.from({ length: 60 }, (_, i) => `A;B;kaputt${i};B;14:00`);
  const csv = ["Vorname;Nachname;E-Mail;Klasse;Ankunft Mo", ...lines].join("\n");
  const res = await upload("/api/admin/import/students/", "viele.csv", csv);
  const body = await res.json();
  assertEquals(res.status, 400);
  assertEquals(body.details.length, 50);
  assert(body.error.startsWith("Die Datei enthält 60 Fehler (die ersten 50 sind aufgeführt)."));
  assertEquals(body.details[49].message.slice(0, 9), "Zeile 51,");
});
