import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { expectDrawnDark, useDarkTheme } from "./support/theme.ts";

// Issue 11: the overview (/uebersicht) of all instructors' lessons, a day and a week, with date
// navigation, the instructor filter, one instructor at a time on a phone, and the detail dialog.
const app = useApp("schedule");
test.describe.configure({ mode: "serial" });

// Screenshots for a person to look at (E2E_SHOTS=dir); not part of the assertions.
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** A school day (Berlin) `offset` days from today, ISO. */
function schoolDay(offset = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}
const today = schoolDay();
const tomorrow = schoolDay(1);
const nextWeek = schoolDay(7);
const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const ids: Record<string, number> = {};

async function addAppointment(a: {
  student: string;
  instructor: string;
  vehicle?: number | null;
  day: string;
  start: string;
  minutes?: number;
  status?: string;
}): Promise<number> {
  const { sql } = app();
  const [row] = await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status)
    values (${ids[a.student]}, ${ids[a.instructor]}, ${a.vehicle ?? null}, 'manual',
            (${a.day}::date + ${a.start}::time) at time zone 'Europe/Berlin',
            (${a.day}::date + ${a.start}::time) at time zone 'Europe/Berlin'
              + make_interval(mins => ${a.minutes ?? 45}),
            ${a.status ?? "confirmed"})
    returning id::int
  `;
  return row.id;
}

let movable = 0;

test.beforeAll(async () => {
  const { createUser, sql } = app();
  await createUser({ username: "chefin", role: "admin", first_name: "Clara", last_name: "Chef" });
  const people: [string, "instructor" | "student", string, string][] = [
    ["ingrid", "instructor", "Ingrid", "Lehrer"],
    ["bernd", "instructor", "Bernd", "Zander"],
    ["carla", "instructor", "Carla", "Neu"],
    ["anna", "student", "Anna", "Müller"],
    ["paul", "student", "Paul", "Becker"],
    ["lena", "student", "Lena", "Offline"],
  ];
  for (const [username, role, first_name, last_name] of people) {
    ids[username] = await createUser({ username, role, first_name, last_name });
  }
  await sql`update instructor_profiles set transmission_types = '{automatic,manual}'
            where user_id = ${ids.bernd}`;
  // Every day a working day from 08:00 to 18:00 (the tests run on any weekday): no lesson here
  // is outside working time, so none carries that mark in its name (issue 25.7).
  await sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6,7}'`;
  for (const instructor of ["ingrid", "bernd", "carla"]) {
    for (let weekday = 1; weekday <= 7; weekday++) {
      await sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                            end_time)
                values (${ids[instructor]}, 'work', ${weekday}, '08:00', '18:00')`;
    }
  }
  const [manual] = await sql`
    insert into vehicles (name, transmission) values ('DO-FS 101', 'manual') returning id`;
  const [second] = await sql`
    insert into vehicles (name, transmission) values ('DO-FS 303', 'manual') returning id`;
  await addAppointment({
    student: "anna",
    instructor: "ingrid",
    vehicle: manual.id,
    day: today,
    start: "09:00",
  });
  await addAppointment({
    student: "lena",
    instructor: "ingrid",
    vehicle: manual.id,
    day: today,
    start: "11:00",
    status: "cancelled",
  });
  await addAppointment({
    student: "paul",
    instructor: "bernd",
    vehicle: second.id,
    day: today,
    start: "14:00",
    minutes: 90,
    status: "pending",
  });
  movable = await addAppointment({
    student: "lena",
    instructor: "carla",
    vehicle: second.id,
    day: tomorrow,
    start: "08:00",
  });
  await addAppointment({
    student: "anna",
    instructor: "carla",
    vehicle: manual.id,
    day: nextWeek,
    start: "16:30",
  });
});

async function openOverview(page: Page, query = "") {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/uebersicht${query}`);
  await expect(page.getByRole("heading", { name: "Übersicht", level: 1 })).toBeVisible();
}

/** The day grid's column of an instructor (the cell under that instructor's column header). */
function dayColumn(page: Page, instructor: string): Locator {
  return page.locator(`.schedule-column[data-instructor-id="${ids[instructor]}"]`);
}

test("the day view shows today's lessons under the right instructor at their hour", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page);
  await expect(page).toHaveTitle(/Übersicht/);
  const grid = page.getByRole("table", { name: /^Tagesansicht / });
  await expect(grid.getByRole("columnheader")).toHaveText([
    "Uhrzeit",
    /^Ingrid Lehrer/,
    /^Carla Neu/,
    /^Bernd Zander/,
  ]);
  // Ingrid: Anna at 09:00 with the car; Lena's cancelled lesson stays, struck through.
  const anna = dayColumn(page, "ingrid").getByRole("button", {
    name: "09:00 bis 09:45, Anna Müller bei Ingrid Lehrer, DO-FS 101, Fahrstunde",
  });
  await expect(anna).toContainText("09:00–09:45");
  await expect(anna).toContainText("Anna Müller");
  await expect(anna).toContainText("DO-FS 101 · Fahrstunde");
  const cancelled = dayColumn(page, "ingrid").getByRole("button", {
    name: /Lena Offline.*Storniert$/,
  });
  await expect(cancelled.locator(".schedule-lesson-student")).toHaveCSS(
    "text-decoration-line",
    "line-through",
  );
  await expect(page.getByText("2 Termine · 1 storniert")).toBeVisible();
  // Bernd: Paul, pending, 14:00-15:30; nothing of his in Ingrid's column.
  await expect(
    dayColumn(page, "bernd").getByRole("button", {
      name: /^14:00 bis 15:30, Paul Becker bei Bernd Zander, DO-FS 303, Fahrstunde, Ausstehend$/,
    }),
  ).toBeVisible();
  await expect(dayColumn(page, "ingrid").getByText("Paul Becker")).toHaveCount(0);
  await expect(dayColumn(page, "carla").getByRole("button")).toHaveCount(0);

  // The block starts level with the 09:00 line and is three quarters of an hour high.
  const hour = page.locator(".schedule-hour-label", { hasText: "09:00" });
  const next = page.locator(".schedule-hour-label", { hasText: "10:00" });
  const [h9, h10, block] = await Promise.all([hour, next, anna].map((l) => l.boundingBox()));
  expect(Math.abs(block!.y - h9!.y)).toBeLessThan(2);
  expect(Math.abs(block!.height - 0.75 * (h10!.y - h9!.y))).toBeLessThan(3);

  await shot(page, "uebersicht-tag-1440");
  expect(await axeViolations(page, [".schedule-page"])).toEqual([]);
});

test("a lesson opens its dialog by click and by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page);
  const paul = dayColumn(page, "bernd").getByRole("button", { name: /Paul Becker/ });
  // The frame opens at the day's first lesson, not on empty morning hours.
  await expect(paul).toBeInViewport();
  await paul.click();
  // The appointment dialog of /appointments, with its actions.
  const dialog = page.getByRole("dialog", { name: /^Fahrstunde am / });
  await expect(dialog.getByRole("button", { name: "Verschieben" })).toBeVisible();
  await expect(dialog).toContainText("Paul Becker");
  await expect(dialog).toContainText("Bernd Zander");
  await expect(dialog).toContainText("14:00–15:30");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await dayColumn(page, "ingrid").getByRole("button", { name: /Anna Müller/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: /^Fahrstunde am / })).toContainText("Anna Müller");
  await page.getByRole("dialog").getByRole("button", { name: "Schließen" }).last().click();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("date navigation: next day, a typed date, back to today", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page);
  await page.getByRole("button", { name: "Nächster Tag" }).click();
  await expect(page).toHaveURL(new RegExp(`datum=${tomorrow}`));
  await expect(
    dayColumn(page, "carla").getByRole("button", { name: /^08:00 bis 08:45, Lena Offline/ }),
  )
    .toBeVisible();
  await expect(dayColumn(page, "ingrid").getByRole("button")).toHaveCount(0);

  await page.getByRole("button", { name: "Heute", exact: true }).click();
  await expect(dayColumn(page, "ingrid").getByRole("button", { name: /Anna Müller/ }))
    .toBeVisible();

  const date = page.getByRole("textbox", { name: "Datum" });
  await date.fill(germanDate(nextWeek));
  await expect(
    dayColumn(page, "carla").getByRole("button", {
      name: /^16:30 bis 17:15, Anna Müller bei Carla Neu/,
    }),
  )
    .toBeVisible();
  await page.getByRole("button", { name: "Vorheriger Tag" }).click();
  await expect(page).toHaveURL(new RegExp(`datum=${schoolDay(6)}`));
  await expect(date).toHaveValue(germanDate(schoolDay(6)));
});

test("the week view: a row per instructor, days across, and the next week", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page);
  await page.getByRole("button", { name: "Wochenansicht" }).click();
  await expect(page.getByRole("button", { name: "Wochenansicht" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const table = page.getByRole("table", { name: /^Wochenansicht KW \d+/ });
  await expect(table.locator("thead th")).toHaveCount(8);
  await expect(table.locator("tbody th")).toHaveText([
    /^Ingrid Lehrer/,
    /^Carla Neu/,
    /^Bernd Zander/,
  ]);
  const cell = (instructor: string, day: string) =>
    table.locator(`tr[data-instructor-id="${ids[instructor]}"] td[data-day="${day}"]`);
  await expect(cell("ingrid", today).getByRole("button")).toHaveCount(2);
  await expect(cell("ingrid", today).getByRole("button").first()).toContainText("09:00Anna Müller");
  await expect(cell("bernd", today)).toContainText("Paul Becker");
  await expect(cell("bernd", today)).toContainText("DO-FS 303 · Fahrstunde");
  await shot(page, "uebersicht-woche-1440");

  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await expect(cell("carla", nextWeek)).toContainText("16:30Anna Müller");
  await expect(cell("ingrid", nextWeek).getByRole("button")).toHaveCount(0);
  await page.getByRole("button", { name: "Vorherige Woche" }).click();
  await expect(cell("ingrid", today).getByRole("button")).toHaveCount(2);

  // A day's head opens that day in the day view.
  await table.locator("thead th").nth(1).getByRole("button").click();
  await expect(page.getByRole("table", { name: /^Tagesansicht Montag/ })).toBeVisible();
});

test("a lesson moved by re-planning shows at its new time in the week view", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page, `?ansicht=woche&datum=${tomorrow}`);
  const table = page.getByRole("table", { name: /^Wochenansicht/ });
  const cell = table.locator(`tr[data-instructor-id="${ids.carla}"] td[data-day="${tomorrow}"]`);
  await expect(cell).toContainText("08:00Lena Offline");
  await app().sql`
    update appointments
    set starts_at = (${tomorrow}::date + '10:15'::time) at time zone 'Europe/Berlin',
        ends_at = (${tomorrow}::date + '11:00'::time) at time zone 'Europe/Berlin'
    where id = ${movable}`;
  await page.reload();
  await expect(
    cell.getByRole("button", {
      name: /^[^,]+, [^,]+, 10:15 bis 11:00, Lena Offline bei Carla Neu/,
    }),
  )
    .toBeVisible();
  // Gone from 08:00 (the cell still names her working hours, 08:00–18:00).
  await expect(cell.getByRole("button", { name: /08:00 bis/ })).toHaveCount(0);
});

test("the filter shows one instructor or all of them", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page, "?ansicht=woche");
  const filter = page.getByRole("combobox", { name: "Fahrlehrer" });
  await expect(filter.locator("option")).toHaveText([
    "Alle Fahrlehrer",
    "Ingrid Lehrer",
    "Carla Neu",
    "Bernd Zander",
  ]);
  await filter.selectOption({ label: "Bernd Zander" });
  const table = page.getByRole("table", { name: /^Wochenansicht/ });
  await expect(table.locator("tbody th")).toHaveText([/^Bernd Zander/]);
  await expect(table).toContainText("Paul Becker");
  await expect(table).not.toContainText("Anna Müller");
  await page.getByRole("button", { name: "Tagesansicht" }).click();
  await expect(page.getByRole("table", { name: /^Tagesansicht/ }).getByRole("columnheader"))
    .toHaveText(["Uhrzeit", /^Bernd Zander/]);
  await filter.selectOption({ label: "Alle Fahrlehrer" });
  await expect(page.getByRole("table", { name: /^Tagesansicht/ }).getByRole("columnheader"))
    .toHaveCount(4);
});

test("on a phone one instructor at a time, chosen with the picker", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openOverview(page);
  const grid = page.getByRole("table", { name: /^Tagesansicht/ });
  await expect(grid.getByRole("columnheader")).toHaveText(["Uhrzeit", /^Ingrid Lehrer/]);
  await expect(grid.getByRole("button", { name: /Anna Müller bei Ingrid Lehrer/ })).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Fahrlehrer" });
  await expect(picker.locator("option")).toHaveText(["Ingrid Lehrer", "Carla Neu", "Bernd Zander"]);
  // Nothing wider than the phone: the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "uebersicht-tag-390");

  await picker.selectOption({ label: "Bernd Zander" });
  await expect(grid.getByRole("columnheader")).toHaveText(["Uhrzeit", /^Bernd Zander/]);
  await expect(grid.getByRole("button", { name: /Paul Becker bei Bernd Zander/ })).toBeVisible();

  // The week on a phone: the days one below the other, for the chosen instructor.
  await page.getByRole("button", { name: "Wochenansicht" }).click();
  const agenda = page.locator(".schedule-agenda > li");
  await expect(agenda).toHaveCount(7);
  await expect(agenda.filter({ hasText: "Paul Becker" })).toHaveCount(1);
  await expect(page.getByText("Anna Müller")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "uebersicht-woche-390");
  await page.getByRole("button", { name: /Paul Becker bei Bernd Zander/ }).click();
  await expect(page.getByRole("dialog", { name: /^Fahrstunde am / })).toContainText("Paul Becker");
});

test("the overview is drawn dark in the dark theme", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page);
  await useDarkTheme(page);
  await expectDrawnDark(page.locator(".schedule-day-instructor").first());
  await expectDrawnDark(dayColumn(page, "ingrid").getByRole("button", { name: /Anna Müller/ }));
  await shot(page, "uebersicht-tag-1440-dunkel");
});
