/**
 * Import bench: the Legendary student file of the test-data package (200 students with school
 * times, arrival times and vacations) through POST /api/admin/import/students/ (the preview and
 * the real import), beside a plain multi-row insert of the same rows in the same run, and the
 * argon2id hashing the import cannot skip (one hash per created person, the cheap setting for
 * generated passwords of docs/decisions/0006). Prints markdown.
 *
 * Then the availability CSV import (POST /api/admin/availabilities/import/) at scale: 100,000
 * lines for 20,000 students into an empty table and again against the 100,000 stored rows, and the
 * process's resident memory before and after 200 failed 2 MB imports (70,000 unknown usernames
 * each, more than Postgres' 65,535 bind parameters).
 *
 * deno run -A tests/bench/import_bench.ts [runs] [csv]   ("csv": only the availability part)
 * (TEST_DATABASE_SERVER overrides the Postgres server)
 */
import { unzipSync } from "fflate";
import { createApp } from "../../api/app.ts";
import { hashGeneratedPassword } from "../../common/passwords.ts";
import { readConfig } from "../../api/config.ts";
import { connect } from "../../db/connection.ts";
import { readUpload } from "../../api/imports/read_file.ts";
import { checkRows } from "../../api/imports/rows.ts";
import { testDataZip } from "../../api/imports/test_data.ts";
import { migrate } from "../../db/migrate.ts";
import type { StudentData } from "../../api/people/student_payload.ts";
import { licenceHours } from "../../common/school_rules.ts";
import { insertUser, TestClient } from "../../api/testing/test_app.ts";

const server = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";
const database = `${Deno.env.get("TEST_DATABASE_PREFIX") ?? ""}fahrplan_bench_import`;
const runs = Number(Deno.args.find((a) => /^\d+$/.test(a)) ?? 3);
const onlyCsv = Deno.args.includes("csv");

const root = connect(`${server}/postgres`, { max: 1 });
await root.unsafe(`drop database if exists ${database} with (force)`);
await root.unsafe(`create database ${database}`);
await root.end();
const url = `${server}/${database}`;
const sql = connect(url);
await migrate(sql);
await insertUser(sql, { username: "bench.admin", role: "admin" });
const app = createApp({ sql, config: readConfig({ DATABASE_URL: url }) });
const client = new TestClient(app);
await client.login("bench.admin");

const fileName = "testdaten-legendary-fahrschueler.xlsx";
const file = unzipSync(await testDataZip())[fileName];

async function post(preview: boolean) {
  const form = new FormData();
  form.append("file", new File([file], fileName));
  const res = await client.request(
    "POST",
    `/api/admin/import/students/${preview ? "?preview=1" : ""}`,
    form,
  );
  const body = await res.json();
  if (!res.ok) throw new Error(JSON.stringify(body));
  return body;
}

const clean = () => sql`delete from users where role = 'student'`;

/** The same students written by hand: one multi-row insert per table, one shared hash. */
async function plainInsert(rows: StudentData[], hash: string) {
  await sql.begin(async (tx) => {
    const users = await tx<{ id: number }[]>`
      insert into users ${
      tx(rows.map((r, i) => ({
        username: `plain.${i}`,
        role: "student",
        password_hash: hash,
        first_name: r.person.first_name!,
        last_name: r.person.last_name!,
        email: r.person.email!,
        phone: r.person.phone ?? "",
      })))
    } returning id::int`;
    await tx`insert into student_profiles ${
      tx(rows.map((r, i) => {
        const hours = licenceHours[r.profile.license_class!];
        return {
          user_id: users[i].id,
          license_class: r.profile.license_class!,
          required_automatic_hours: hours.automatic,
          required_manual_hours: hours.manual,
          school_name: r.profile.school_name ?? "",
          start_location: r.profile.start_location ?? "",
          available_in_holidays: r.profile.available_in_holidays ?? true,
        };
      }))
    }`;
    const weekly = rows.flatMap((r, i) =>
      (r.weekly ?? []).map((w) => ({
        user_id: users[i].id,
        availability_type: w.availability_type,
        day_of_week: w.day_of_week,
        start_time: w.start,
        end_time: w.end,
        period: w.period,
      }))
    );
    await tx`insert into availabilities ${tx(weekly)}`;
    const vacations = rows.flatMap((r, i) =>
      (r.vacations ?? []).map((v) => ({
        user_id: users[i].id,
        start_date: v.start,
        end_date: v.end,
      }))
    );
    if (vacations.length) await tx`insert into vacation_periods ${tx(vacations)}`;
  });
}

const ms = (start: number) => performance.now() - start;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { preview: [] as number[], api: [] as number[], plain: [] as number[] };
let availabilityRows = 0;
let created = 0;
const checked = checkRows("student", await readUpload(fileName, file));
const data = checked.rows.map((r) => r.data as StudentData);
const hash = await hashGeneratedPassword("bench");

for (let run = 0; run < (onlyCsv ? 0 : runs); run++) {
  await clean();
  let start = performance.now();
  await post(true);
  results.preview.push(ms(start));
  start = performance.now();
  created = (await post(false)).created_count;
  results.api.push(ms(start));
  [{ n: availabilityRows }] = await sql`select count(*)::int as n from availabilities`;
  await clean();
  start = performance.now();
  await plainInsert(data, hash);
  results.plain.push(ms(start));
}
if (!onlyCsv) {
  let start = performance.now();
  for (let i = 0; i < 200; i++) await hashGeneratedPassword(`pw${i}`);
  const hashMs = ms(start) / 200;
  start = performance.now();
  checkRows("student", await readUpload(fileName, file));
  const parseMs = ms(start);

  const f = (x: number) => (x / 1000).toFixed(2);
  console.log(
    `Datei: ${fileName} (${(file.length / 1024).toFixed(0)} KB), ${created} Fahrschüler, ` +
      `${availabilityRows} Zeilen in availabilities; Median aus ${runs} Läufen.\n`,
  );
  console.log("| Schritt | Zeit (s) |");
  console.log("| --- | ---: |");
  console.log(`| Lesen und Prüfen der .xlsx (exceljs, ohne Datenbank) | ${f(parseMs)} |`);
  console.log(`| Vorschau \`?preview=1\` (schreibt nichts) | ${f(median(results.preview))} |`);
  console.log(`| Import \`POST /api/admin/import/students/\` | ${f(median(results.api))} |`);
  console.log(`| davon argon2id, ${created} × ${hashMs.toFixed(1)} ms | ${f(created * hashMs)} |`);
  console.log(
    `| Referenz: mehrzeiliges \`insert\` derselben Zeilen, ein Hash | ${
      f(median(results.plain))
    } |`,
  );
}

// --- Availability CSV import at scale ---

await sql`delete from users where role <> 'admin'`;
await sql`
  insert into users (username, role, password_hash)
  select 'csv' || n, 'student', 'kein-login' from generate_series(1, 20000) as n
`;

/**
 * 100,000 lines of `people` students, each with `100000 / people` different weekly spans (Monday
 * to Friday, one-hour spans starting a minute apart); under 2 MB with short names and H:MM.
 */
function csvOf(people: number) {
  const perPerson = 100_000 / people;
  const lines: string[] = [];
  for (let n = 1; n <= people; n++) {
    for (let k = 0; k < perPerson; k++) {
      const start = 6 * 60 + Math.floor(k / 5);
      const time = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
      lines.push(`csv${n};${(k % 5) + 1};${time(start)};${time(start + 60)}`);
    }
  }
  return new TextEncoder().encode(lines.join("\n") + "\n");
}

async function postCsv(bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("file", new File([bytes], "verfuegbarkeiten.csv"));
  const res = await client.request("POST", "/api/admin/availabilities/import/", form);
  return { status: res.status, body: await res.json() };
}

async function timedCsv(file: Uint8Array<ArrayBuffer>) {
  const start = performance.now();
  const { status, body } = await postCsv(file);
  const seconds = ms(start) / 1000;
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  return { seconds, created: body.created as number };
}

const csvRows: string[] = [];
for (const people of [20_000, 100]) {
  await sql`delete from availabilities`;
  const file = csvOf(people);
  const first = await timedCsv(file);
  const [{ n: stored }] = await sql`select count(*)::int as n from availabilities`;
  const again = await timedCsv(file);
  const shape = `${people.toLocaleString("de-DE")} Personen × ${100_000 / people} Zeilen ` +
    `(${(file.length / 1024 / 1024).toFixed(2)} MB)`;
  csvRows.push(`| ${shape}, in leere Tabelle | ${first.seconds.toFixed(2)} | ${first.created} |`);
  csvRows.push(
    `| ${shape}, erneut gegen ${stored} gespeicherte | ${
      again.seconds.toFixed(2)
    } | ${again.created} |`,
  );
}

/** 70,000 unknown usernames (about 1.6 MB): the import must refuse it with a 400. */
function failingFile(round: number) {
  const rows: string[] = [];
  for (let n = 0; n < 70_000; n++) rows.push(`x${round}.${n};1;8:00;9:00`);
  return new TextEncoder().encode(rows.join("\n") + "\n");
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const failures = 200;
// A few failures first, so the figure before is taken with the code paths warm.
for (let i = 0; i < 3; i++) await postCsv(failingFile(-i - 1));
const rssBefore = Deno.memoryUsage().rss;
const statuses = new Map<number, number>();
const failStart = performance.now();
let rssHalfway = 0;
for (let i = 0; i < failures; i++) {
  if (i === failures / 2) rssHalfway = Deno.memoryUsage().rss;
  const { status } = await postCsv(failingFile(i));
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}
const failSeconds = ms(failStart) / 1000;
const rssAfter = Deno.memoryUsage().rss;

console.log("\nVerfügbarkeiten-CSV, 100.000 Zeilen je Datei:\n");
console.log("| Datei | Zeit (s) | neu angelegt |");
console.log("| --- | ---: | ---: |");
for (const row of csvRows) console.log(row);
console.log(
  `\n${failures} fehlerhafte Importe (70.000 unbekannte Benutzernamen, ` +
    `${(failingFile(0).length / 1024 / 1024).toFixed(2)} MB): Antworten ${
      [...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")
    }, ${(failSeconds / failures).toFixed(2)} s je Import; RSS vorher ${mb(rssBefore)} MB, ` +
    `nach ${failures / 2} ${mb(rssHalfway)} MB, nach ${failures} ${mb(rssAfter)} MB.`,
);
await sql.end();
Deno.exit(0); // the app's password-hash workers would keep the process alive
