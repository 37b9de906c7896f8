/**
 * The soak's simulated people: what an office worker, an instructor and a student do in the web
 * app, one action after another with a pause to read between them, each in their own browser. The
 * weights are a guess at a school's day: mostly looking at lists and calendars, now and then
 * saving the weekly grid, exporting a month or importing a few students.
 */
import ExcelJS from "exceljs";
import { addDays, mondayOf, schoolDay } from "../../../common/time.ts";
import { type Answer, Browser } from "./browser.ts";
import type { Recorder } from "./recorder.ts";

export interface Person {
  role: "admin" | "instructor" | "student";
  username: string;
  password: string;
}

export interface Run {
  base: string;
  recorder: Recorder;
  /** performance.now() when the users stop */
  until: number;
  /** The users come in over this time (a school's morning), not all in the same second. */
  rampMs: number;
}

type Action = (b: Browser) => Promise<unknown>;

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(items: T[]) => items[random(items.length)];

/** Real-world time: a person reads for 2-8 s (5 s on average) before the next click. */
function thinkTime(until: number): Promise<void> {
  const ms = Math.min(2000 + Math.random() * 6000, Math.max(0, until - performance.now()));
  return new Promise((r) => setTimeout(r, ms));
}

const isJson = (a: Answer) => (a.json(), undefined);
const isXlsx = (a: Answer) =>
  a.bytes[0] === 0x50 && a.bytes[1] === 0x4b ? undefined : "keine .xlsx-Datei";
const isIcs = (a: Answer) =>
  new TextDecoder().decode(a.bytes.slice(0, 15)) === "BEGIN:VCALENDAR" ? undefined : "kein iCal";

/** A range of the list or an export: from a day in the next weeks, `days` long. */
function range(days: number) {
  const from = addDays(schoolDay(), random(21));
  return `from=${from}&to=${addDays(from, days - 1)}`;
}

let imported = 0;
const runId = Date.now().toString(36);

/** A small valid student import: three rows, each with a new e-mail address. */
async function importFile(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Fahrschüler");
  sheet.addRow(["Vorname", "Nachname", "E-Mail", "Führerscheinklasse", "Montag Ankunft"]);
  for (let k = 0; k < 3; k++) {
    const n = ++imported;
    sheet.addRow(["Soak", `Import${n}`, `soak-${runId}-${n}@example.org`, "B", "14:00"]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer);
}

const adminActions: [number, Action][] = [
  [25, (b) =>
    b.send(
      "admin: appointments list",
      "GET",
      `/admin/appointments/?${range(31)}&page=${1 + random(3)}&sort_by=${
        pick(["start_time", "student_name", "instructor_name"])
      }`,
      { check: isJson },
    )],
  [15, (b) =>
    b.send(
      "admin: students list",
      "GET",
      `/admin/users/?role=student&page=${1 + random(3)}${
        Math.random() < 0.5 ? `&search=${pick(["an", "mar", "el", "s0", "schmidt"])}` : ""
      }`,
      { check: isJson },
    )],
  [
    10,
    (b) =>
      b.send("admin: instructors list", "GET", "/admin/users/?role=instructor", { check: isJson }),
  ],
  [20, async (b) => {
    const monday = mondayOf(addDays(schoolDay(), 7 * random(4)));
    const week = `from=${monday}&to=${addDays(monday, 5)}`;
    await b.send("admin: schedule week", "GET", `/admin/schedule/?${week}`, { check: isJson });
    await b.send("admin: schedule availability", "GET", `/admin/schedule/availability/?${week}`, {
      check: isJson,
    });
  }],
  [10, (b) => b.send("admin: dashboard stats", "GET", "/admin/stats/", { check: isJson })],
  [
    5,
    (b) =>
      b.send(
        "admin: export .xlsx (month)",
        "GET",
        `/admin/appointments/export/excel/?${range(31)}`,
        {
          check: isXlsx,
        },
      ),
  ],
  [
    5,
    (b) =>
      b.send("admin: export .ics (month)", "GET", `/admin/appointments/export/ical/?${range(31)}`, {
        check: isIcs,
      }),
  ],
  // As the import screen: the preview first, then the import of the same file. Rare: each adds
  // three students, and at 2 % a 10-minute run added 48 to the 50 and the planner's work grew.
  [0.5, async (b) => {
    const bytes = await importFile();
    const form = () => {
      const data = new FormData();
      data.append("file", new File([bytes as BlobPart], "soak.xlsx"));
      return data;
    };
    const preview = await b.send(
      "admin: import preview",
      "POST",
      "/admin/import/students/?preview=1",
      {
        form: form(),
        check: isJson,
      },
    );
    if (preview?.status !== 200) return;
    await b.send("admin: import .xlsx (3 students)", "POST", "/admin/import/students/", {
      form: form(),
      check: (
        a,
      ) => (a.json().created_count === 3 ? undefined : `created ${a.json().created_count}`),
    });
  }],
];

/** Loads the weekly grid as the page does: the grid with its version and the planned weekdays. */
async function loadGrid(b: Browser) {
  const grid = await b.send("my availability: load", "GET", "/my-availability/", { check: isJson });
  const days = await b.send("my availability: planned weekdays", "GET", "/my-planned-weekdays/", {
    check: isJson,
  });
  if (grid?.status !== 200 || days?.status !== 200) return undefined;
  return {
    hours: grid.json() as { day_of_week: number; start_time: string; end_time: string }[],
    version: grid.headers.get("ETag") ?? "",
    planned: days.json().planned_weekdays as number[],
  };
}

const personActions: [number, Action][] = [
  [35, (b) => b.send("my appointments", "GET", "/my-appointments/", { check: isJson })],
  [25, loadGrid],
  // Marks or unmarks one hour of a planned weekday and saves with the version it loaded (If-Match).
  [25, async (b) => {
    const grid = await loadGrid(b);
    if (!grid || !grid.planned.length) return;
    const day = pick(grid.planned), hour = 8 + random(12);
    const start = `${String(hour).padStart(2, "0")}:`;
    const marked = grid.hours.some((h) => h.day_of_week === day && h.start_time.startsWith(start));
    const hours = marked
      ? grid.hours.filter((h) => !(h.day_of_week === day && h.start_time.startsWith(start)))
      : [...grid.hours, {
        day_of_week: day,
        start_time: `${start}00`,
        end_time: `${String(hour + 1).padStart(2, "0")}:00`,
      }];
    await b.send("my availability: save", "POST", "/my-availability/", {
      json: { availabilities: hours },
      headers: { "If-Match": grid.version, "Idempotency-Key": crypto.randomUUID() },
      check: isJson,
    });
  }],
  [10, (b) => b.send("my absences", "GET", "/my-special-dates/", { check: isJson })],
];

function chooser(actions: [number, Action][]): () => Action {
  const total = actions.reduce((sum, [w]) => sum + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, action] of actions) if ((r -= w) < 0) return action;
    return actions[actions.length - 1][1];
  };
}

/** Signs in now and then anew (a new day, another device): 3 % of the actions. */
const signInAgainShare = 0.03;

/** One person's session until the run ends. */
export async function simulate(person: Person, run: Run): Promise<void> {
  // Real-world time: the users come in one after another over the ramp-up.
  await new Promise((r) => setTimeout(r, Math.random() * run.rampMs));
  const next = chooser(person.role === "admin" ? adminActions : personActions);
  let b = new Browser(run.base, run.recorder);
  let signedIn = await b.signIn(person.username, person.password);
  while (performance.now() < run.until) {
    await thinkTime(run.until);
    if (performance.now() >= run.until) break;
    try {
      if (!signedIn || Math.random() < signInAgainShare) {
        if (signedIn) await b.signOut();
        b.close();
        b = new Browser(run.base, run.recorder);
        signedIn = await b.signIn(person.username, person.password);
        continue;
      }
      await next()(b);
    } catch (err) {
      run.recorder.failure("bench action", (err as Error).stack ?? String(err));
    }
  }
  b.close();
}

export interface PlannerRun {
  started: number;
  seconds: number;
  status: string;
  lessons: number;
}

/**
 * The office's planner: a full run every `everyMs` (the first after `firstMs`), polled once a
 * second as the planner card does without its event stream, then the draft discarded so every
 * run plans the same school.
 */
export async function plannerLoop(
  admin: Person,
  run: Run,
  firstMs: number,
  everyMs: number,
): Promise<PlannerRun[]> {
  const runs: PlannerRun[] = [];
  const b = new Browser(run.base, run.recorder);
  let signedIn = false;
  for (let at = performance.now() + firstMs; at < run.until; at += everyMs) {
    // Real-world time: the office starts a plan every few minutes.
    await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
    if (!signedIn) signedIn = await b.signIn(admin.username, admin.password);
    if (!signedIn) continue;
    const started = performance.now();
    const start = await b.send("planner: start", "POST", "/admin/run-planner/", { check: isJson });
    if (start?.status !== 202) continue;
    const jobId = start.json().job_id;
    let status = "running", lessons = 0;
    while (status === "running" && performance.now() - started < 600_000) {
      // Real-world time: the card polls once a second.
      await new Promise((r) => setTimeout(r, 1000));
      const progress = await b.send("planner: progress", "GET", "/admin/planner-progress/", {
        check: (a) => (a.json().job_id === jobId ? undefined : `job ${a.json().job_id}`),
      });
      if (progress?.status === 200 && progress.json().job_id === jobId) {
        status = progress.json().status;
        lessons = progress.json().appointments_created;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    run.recorder.answer(
      "planner: run (start to end)",
      seconds * 1000,
      status === "completed" ? 200 : 500,
      status === "completed" ? undefined : `Planung ${status}`,
    );
    runs.push({ started: started, seconds, status, lessons });
    await b.send("planner: discard draft", "POST", "/admin/discard-plan/", { check: isJson });
  }
  b.close();
  return runs;
}
