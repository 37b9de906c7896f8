import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { expectDrawnDark, useDarkTheme } from "./support/theme.ts";

// The admin's appointments list (/appointments): list, search, sort, paging and the exports,
// spec 01 §2, §7, §8.
const app = useApp("appointments");

test.describe.configure({ mode: "serial" });

async function addAppointment(a: {
  student: number;
  instructor: number;
  vehicle?: number | null;
  transmission?: string;
  day: string;
  start: string;
  minutes?: number;
  status?: string;
}) {
  const { sql } = app();
  await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, status)
    values (${a.student}, ${a.instructor}, ${a.vehicle ?? null}, ${a.transmission ?? "manual"},
            (${a.day}::date + ${a.start}::time) at time zone 'Europe/Berlin',
            (${a.day}::date + ${a.start}::time) at time zone 'Europe/Berlin'
              + make_interval(mins => ${a.minutes ?? 45}),
            ${a.status ?? "confirmed"})
  `;
}

test.beforeAll(async () => {
  const { createUser, sql } = app();
  await createUser({ username: "chefin", role: "admin", first_name: "Clara", last_name: "Chef" });
  const ingrid = await createUser({
    username: "ingrid",
    role: "instructor",
    first_name: "Ingrid",
    last_name: "Lehrer",
  });
  const bernd = await createUser({
    username: "bernd",
    role: "instructor",
    first_name: "Bernd",
    last_name: "Zander",
  });
  const anna = await createUser({
    username: "anna",
    role: "student",
    first_name: "Anna",
    last_name: "Müller",
  });
  const paul = await createUser({
    username: "paul",
    role: "student",
    first_name: "Paul",
    last_name: "Becker",
  });
  const formel = await createUser({
    username: "formel",
    role: "student",
    first_name: "=1+1",
    last_name: "Test",
  });
  const [manual] = await sql`
    insert into vehicles (name, transmission) values ('DO-FS 101', 'manual') returning id`;
  const [automatic] = await sql`
    insert into vehicles (name, transmission) values ('DO-AU 202', 'automatic') returning id`;
  // Winter time (UTC+1) and summer time (UTC+2): both must read 14:00 on the screen.
  await addAppointment({
    student: anna,
    instructor: ingrid,
    vehicle: manual.id,
    day: "2026-12-10",
    start: "14:00",
  });
  await addAppointment({
    student: paul,
    instructor: bernd,
    vehicle: automatic.id,
    transmission: "automatic",
    day: "2027-03-29",
    start: "14:00",
    minutes: 90,
    status: "pending",
  });
  await addAppointment({
    student: formel,
    instructor: ingrid,
    day: "2026-12-11",
    start: "09:00",
    status: "cancelled",
  });
  // 52 January lessons of Paul with Bernd: 55 appointments in all, two pages of 50.
  for (let i = 0; i < 52; i++) {
    await addAppointment({
      student: paul,
      instructor: bernd,
      vehicle: manual.id,
      day: `2027-01-${String(4 + (i % 26)).padStart(2, "0")}`,
      start: i < 26 ? "08:00" : "10:00",
    });
  }
});

async function openList(page: Page) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/appointments`);
  await expect(page.getByRole("heading", { name: "Termine", level: 1 })).toBeVisible();
  // The fixtures have fixed dates: show all of them, not only those from today on (the default
  // range is tested in appointments_filters.spec.ts with dates relative to today).
  await page.getByRole("button", { name: "Alle" }).click();
  await expect(page.getByText("55 Termine")).toBeVisible();
}

/** The fixtures' months as the range: an export holds at most a year (issue 24), 'Alle' is none. */
async function chooseFixtureRange(page: Page) {
  await page.getByRole("textbox", { name: "Von" }).fill("01.12.2026");
  await page.getByRole("textbox", { name: "Bis" }).fill("31.03.2027");
  await expect(page.getByText("55 Termine")).toBeVisible();
}

function rows(page: Page) {
  return page.getByRole("table", { name: "Termine" }).locator("tbody tr");
}

test("lists the appointments next first with Berlin date and time", async ({ page }) => {
  await openList(page);
  await expect(page).toHaveTitle(/Termine/);
  await expect(rows(page)).toHaveCount(50);
  const headers = page.getByRole("table", { name: "Termine" }).locator("thead th");
  await expect(headers).toHaveText([
    "Datum",
    "Uhrzeit",
    "Fahrschüler",
    "Fahrlehrer",
    "Typ",
    "Fahrzeug",
    "Getriebe",
    "Status",
  ]);
  // Winter time (UTC+1): the earliest lesson, first (issue 25, point 6), reads 14:00.
  await expect(rows(page).first().locator("td")).toHaveText([
    "Do, 10.12.2026",
    "14:00–14:45",
    "Anna Müller",
    "Ingrid Lehrer",
    "Fahrstunde",
    "DO-FS 101",
    "Schaltgetriebe",
    "Bestätigt",
  ]);
  await expect(rows(page).nth(1).locator("td").nth(7)).toHaveText("Storniert");
  await expect(rows(page).nth(1).locator("td").nth(5)).toHaveText("–");

  // Page 2 holds the five latest; the summer lesson (UTC+2) also reads 14:00.
  await page.getByRole("button", { name: "Seite 2" }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByText("Seite 2 von 2")).toBeVisible();
  await expect(page.getByRole("button", { name: "Nächste Seite" })).toBeDisabled();
  await expect(rows(page).last().locator("td")).toHaveText([
    "Mo, 29.03.2027",
    "14:00–15:30",
    "Paul Becker",
    "Bernd Zander",
    "Fahrstunde",
    "DO-AU 202",
    "Automatik",
    "Ausstehend",
  ]);

  expect(await axeViolations(page, [".appointments-page"])).toEqual([]);
});

test("search finds one appointment and tells when none matches", async ({ page }) => {
  await openList(page);
  const search = page.getByRole("searchbox", { name: "Termine suchen" });
  await search.fill("müller");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Anna Müller");
  await expect(page.getByText("1 Termin", { exact: true })).toBeVisible();
  await search.fill("do-au");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Paul Becker");
  await search.fill("niemand");
  await expect(page.getByText("Keine Termine gefunden")).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test("sorting by a column changes the order", async ({ page }) => {
  await openList(page);
  await expect(rows(page).first()).toContainText("Anna Müller");
  await page.getByRole("button", { name: "Fahrschüler" }).click();
  await expect(page.getByRole("columnheader", { name: "Fahrschüler" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // By last name (issue 25, point 6): Becker, Müller, Test.
  await expect(rows(page).first()).toContainText("Paul Becker");
  await page.getByRole("button", { name: "Fahrschüler" }).click();
  await expect(rows(page).first()).toContainText("=1+1 Test");
  await expect(rows(page).nth(1)).toContainText("Anna Müller");
  await page.getByRole("button", { name: "Datum" }).click();
  await expect(rows(page).first()).toContainText("10.12.2026");
});

test("the Excel export downloads a workbook with the appointments", async ({ page }) => {
  await openList(page);
  await chooseFixtureRange(page);
  await page.getByRole("button", { name: "Hinzufügen / Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Als Excel exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("fahrplan-termine.xlsx");
  const workbook = new ExcelJS.Workbook();
  const bytes = readFileSync(await download.path());
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const sheet = workbook.getWorksheet("Termine")!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    "Datum",
    "Uhrzeit",
    "Fahrschüler",
    "Fahrlehrer",
    "Typ",
    "Fahrzeug",
    "Getriebe",
    "Status",
    "Stornogrund",
  ]);
  expect(sheet.rowCount).toBe(56);
  // In the list's order, next first (issue 25, point 6): the earliest lesson is the first row.
  expect((sheet.getRow(2).values as unknown[]).slice(2)).toEqual([
    "14:00–14:45",
    "Anna Müller",
    "Ingrid Lehrer",
    "Fahrstunde",
    "DO-FS 101",
    "Schaltgetriebe",
    "Bestätigt",
  ]);
  // The formula-like name arrives as text, not as a formula.
  expect(sheet.getRow(3).getCell(3).value).toBe("'=1+1 Test");
});

test("PDF and iCal download; a failed export says so", async ({ page }) => {
  await openList(page);
  await chooseFixtureRange(page);
  const menu = page.getByRole("button", { name: "Hinzufügen / Export" });
  await menu.click();
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Wochenplan als PDF exportieren" }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe("fahrplan-wochenplan.pdf");
  expect(readFileSync(await pdf.path()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await menu.click();
  const [ics] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Als iCal-Kalender exportieren" }).click(),
  ]);
  expect(ics.suggestedFilename()).toBe("fahrplan-termine.ics");
  const calendar = readFileSync(await ics.path(), "utf8");
  // The school's wall clock bound to the file's VTIMEZONE: 14:00 stays 14:00.
  expect(calendar).toContain("DTSTART;TZID=Europe/Berlin:20261210T140000");
  expect(calendar).toContain("BEGIN:VTIMEZONE");
  expect(calendar).toContain("SUMMARY:Fahrstunde: Anna Müller mit Ingrid Lehrer");

  await page.route(
    "**/api/admin/appointments/export/**",
    (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  for (
    const [item, message] of [
      ["Als Excel exportieren", "Fehler beim Excel-Export"],
      ["Wochenplan als PDF exportieren", "Fehler beim PDF-Export"],
      ["Als iCal-Kalender exportieren", "Fehler beim Kalender-Export"],
    ]
  ) {
    await menu.click();
    await page.getByRole("menuitem", { name: item }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
});

test("'Termin hinzufügen' opens the form for an appointment by hand", async ({ page }) => {
  await openList(page);
  await page.getByRole("button", { name: "Hinzufügen / Export" }).click();
  await page.getByRole("menuitem", { name: "Termin hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Termin hinzufügen" });
  // Every type German law and the school know, the special drives among them.
  await expect(dialog.getByLabel("Terminart").locator("option")).toHaveText([
    "Fahrstunde",
    "Überlandfahrt",
    "Autobahnfahrt",
    "Nachtfahrt",
    "Prüfung",
    "Theorie",
  ]);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
});

test("a failed list load empties the list without a message", async ({ page }) => {
  await openList(page);
  await expect(rows(page)).toHaveCount(50);
  // From now on the list call fails (spec 01 §8: logged only, the list becomes empty).
  await page.route(
    "**/api/admin/appointments/?*",
    (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.getByRole("searchbox", { name: "Termine suchen" }).fill("Paul");
  await expect(page.getByText("Keine Termine gefunden")).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.locator(".toast")).toHaveCount(0);
});

test("on a phone each appointment is a card and the list can still be sorted", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openList(page);
  await expect(rows(page).first()).toContainText("Anna Müller");
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByLabel("Sortieren").selectOption("start_time:desc");
  await expect(rows(page).first()).toContainText("Paul Becker");
  await useDarkTheme(page);
  await expectDrawnDark(rows(page).first());
});
