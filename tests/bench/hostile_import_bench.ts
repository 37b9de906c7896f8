/**
 * Hostile-workbook bench (issue 24.3): how long a signed-in user's GET /api/auth/current-user/
 * takes while three uploads of a 1.7 MB .xlsx with 700,000 empty formatted rows run, beside the same
 * calls on a quiet server and beside the same refusal computed on the API's own thread (the row
 * count alone, without the reader thread; before both, exceljs built all 700,000 rows there, about
 * 18 s of a blocked server per file). Prints markdown.
 *
 * deno run -A tests/bench/hostile_import_bench.ts (also: deno task bench hostile)   (TEST_DATABASE_SERVER overrides the server)
 */
import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { createApp } from "../../api/app.ts";
import { readConfig } from "../../api/config.ts";
import { closeHashPool } from "../../api/auth/hash_pool.ts";
import { readUpload } from "../../api/imports/read_file.ts";
import { closeImportReader } from "../../api/imports/read_off_thread.ts";
import { insertUser, TestClient } from "../../api/testing/test_app.ts";
import { connect } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";

/** A line on stderr as each phase starts (the markdown stays on stdout): a slow run shows where. */
const phase = (name: string) => console.error(`[${new Date().toISOString()}] Phase: ${name}`);

phase("Datenbank anlegen, migrieren, anmelden");
const server = Deno.env.get("TEST_DATABASE_SERVER") ?? "postgres://postgres@127.0.0.1:5432";
const database = `${Deno.env.get("TEST_DATABASE_PREFIX") ?? ""}fahrplan_bench_hostile`;
const root = connect(`${server}/postgres`, { max: 1 });
await root.unsafe(`drop database if exists ${database} with (force)`);
await root.unsafe(`create database ${database}`);
await root.end();
const sql = connect(`${server}/${database}`);
await migrate(sql);
await insertUser(sql, { username: "bench.admin", role: "admin" });
const app = createApp({ sql, config: readConfig({ DATABASE_URL: `${server}/${database}` }) });
const client = new TestClient(app);
await client.login("bench.admin");

async function hostileWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Fahrschüler");
  sheet.addRow(["Vorname", "Nachname", "E-Mail"]);
  sheet.addRow(["Lena", "Becker", "lena@example.de"]);
  const files = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer));
  const name = "xl/worksheets/sheet1.xml";
  const rows: string[] = [];
  for (let r = 3; r < 700_003; r++) rows.push(`<row r="${r}" s="1" customFormat="1"/>`);
  files[name] = new TextEncoder().encode(
    new TextDecoder().decode(files[name]).replace("</sheetData>", `${rows.join("")}</sheetData>`),
  );
  return zipSync(files, { level: 6 });
}
phase("Arbeitsmappe bauen (700.002 Zeilen)");
const hostile = await hostileWorkbook();

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** `count` current-user calls one after another; answers their durations in ms. */
async function currentUserTimes(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await client.get("/api/auth/current-user/");
    await res.body?.cancel();
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs `load` `parallel` times at once, again and again, while the current-user calls run. */
async function underLoad(load: () => Promise<unknown>, count: number, parallel: number) {
  let running = true;
  const answers: number[] = [];
  const loop = async () => {
    while (running) {
      const started = performance.now();
      await load();
      answers.push(performance.now() - started);
      // Give the event loop a turn: a load that waits for nothing (the row count on this thread
      // runs through and settles in microtasks only) would otherwise starve the current-user
      // calls' sockets and timers for good, and `running` would never turn false.
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const loops = Array.from({ length: parallel }, loop);
  await new Promise((r) => setTimeout(r, 50));
  const times = await currentUserTimes(count);
  running = false;
  await Promise.all(loops);
  return { times, answers };
}

const upload = async () => {
  const form = new FormData();
  form.append("file", new File([hostile as BlobPart], "formatiert.xlsx"));
  const res = await client.request("POST", "/api/admin/import/students/?preview=1", form);
  const body = await res.json();
  if (res.status !== 413) throw new Error(`expected 413, got ${res.status}`);
  return body;
};
const inline = () => readUpload("formatiert.xlsx", hostile.slice()).catch(() => {});

phase("ruhig: 200 current-user-Aufrufe");
const quiet = await currentUserTimes(200);
phase("3 Uploads im Leser-Thread, dazu 200 current-user-Aufrufe");
const reader = await underLoad(upload, 200, 3);
phase("Zeilenzählung auf dem API-Thread, dazu 5 current-user-Aufrufe");
// Each call here waits behind several whole row counts: a few calls tell the story.
const onThread = await underLoad(inline, 5, 1);
phase("fertig");
// The sign-in's password worker, like the reader thread, would keep the process alive for good.
closeHashPool();
closeImportReader();
await sql.end();

const row = (label: string, times: number[], answers?: number[]) =>
  `| ${label} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${
    percentile(times, 0.99).toFixed(1)
  } | ${answers ? `${percentile(answers, 0.5).toFixed(0)} (${answers.length})` : "–"} |`;
console.log(`Datei: ${(hostile.length / 1e6).toFixed(1)} MB, 700.002 Zeilen\n`);
console.log(
  "| current-user (200 Aufrufe; 5 im letzten Fall) | p50 ms | p95 ms | p99 ms | Datei: Antwort ms (Anzahl) |",
);
console.log("|---|---:|---:|---:|---:|");
console.log(row("ruhig", quiet));
console.log(row("3 Uploads, Lesen im Leser-Thread (jetzt)", reader.times, reader.answers));
console.log(
  row("1 Zeilenzählung nach der anderen auf dem API-Thread", onThread.times, onThread.answers),
);
