import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 11 "Termine im Griff": the appointments list's date range (from today by default), the
// search that finds "Yılmaz" by "yilmaz", the sortable Uhrzeit and Typ columns, and an Excel
// export that holds exactly the filtered rows.
const app = useApp("appointments_filters");

test.describe.configure({ mode: "serial" });

/** Berlin's today plus `offset` days as ISO and as the German text the date fields take. */
async function schoolDay(offset: number): Promise<{ iso: string; german: string }> {
  const [row] = await app().sql`
    select to_char(d, 'YYYY-MM-DD') as iso, to_char(d, 'DD.MM.YYYY') as german
      from (select (now() at time zone 'Europe/Berlin')::date + ${offset}::int as d) t`;
  return row as { iso: string; german: string };
}

async function addAppointment(a: {
  student: number;
  instructor: number;
  offset: number;
  start: string;
  type?: string;
}) {
  await app().sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status,
                              appointment_type)
    values (${a.student}, ${a.instructor}, 'manual',
            ((now() at time zone 'Europe/Berlin')::date + ${a.offset}::int + ${a.start}::time)
              at time zone 'Europe/Berlin',
            ((now() at time zone 'Europe/Berlin')::date + ${a.offset}::int + ${a.start}::time)
              at time zone 'Europe/Berlin' + interval '45 minutes',
            'confirmed', ${a.type ?? "driving_lesson"})
  `;
}

test.beforeAll(async () => {
  const { createUser } = app();
  await createUser({ username: "chefin", role: "admin", first_name: "Clara", last_name: "Chef" });
  const joerg = await createUser({
    username: "joerg",
    role: "instructor",
    first_name: "Jörg",
    last_name: "Weiß",
  });
  const lukasz = await createUser({
    username: "lukasz",
    role: "instructor",
    first_name: "Łukasz",
    last_name: "Nowak",
  });
  const ayse = await createUser({
    username: "ayse",
    role: "student",
    first_name: "Ayşe",
    last_name: "Yılmaz",
  });
  const paul = await createUser({
    username: "paul",
    role: "student",
    first_name: "Paul",
    last_name: "Becker",
  });
  // Ayşe: one lesson in the past, three to come (two of them within the next ten days).
  await addAppointment({ student: ayse, instructor: joerg, offset: -3, start: "09:00" });
  await addAppointment({ student: ayse, instructor: joerg, offset: 2, start: "16:00" });
  await addAppointment({
    student: ayse,
    instructor: lukasz,
    offset: 5,
    start: "08:00",
    type: "exam",
  });
  await addAppointment({ student: ayse, instructor: joerg, offset: 20, start: "12:00" });
  await addAppointment({ student: paul, instructor: lukasz, offset: 3, start: "10:30" });
});

function rows(page: Page) {
  return page.getByRole("table", { name: "Termine" }).locator("tbody tr");
}

async function openList(page: Page) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/appointments`);
  await expect(page.getByRole("heading", { name: "Termine", level: 1 })).toBeVisible();
}

test("the list starts today; 'Alle' shows the past too", async ({ page }) => {
  await openList(page);
  const today = await schoolDay(0);
  await expect(page.getByRole("textbox", { name: "Von" })).toHaveValue(today.german);
  await expect(page.getByRole("textbox", { name: "Bis" })).toHaveValue("");
  await expect(page.getByText("4 Termine")).toBeVisible();
  await expect(rows(page)).toHaveCount(4);
  // The next lesson first (issue 25, point 6): in two days at 16:00.
  await expect(rows(page).first()).toContainText((await schoolDay(2)).german);
  await expect(rows(page).first()).toContainText("16:00–16:45");

  await page.getByRole("button", { name: "Alle" }).click();
  await expect(page.getByRole("textbox", { name: "Von" })).toHaveValue("");
  await expect(page.getByText("5 Termine")).toBeVisible();
  const past = await schoolDay(-3);
  await expect(rows(page).first()).toContainText(past.german);

  await page.getByRole("button", { name: "Ab heute" }).click();
  await expect(page.getByText("4 Termine")).toBeVisible();
});

test("Uhrzeit and Typ sort the list", async ({ page }) => {
  await openList(page);
  await page.getByRole("button", { name: "Uhrzeit" }).click();
  await expect(page.getByRole("columnheader", { name: "Uhrzeit" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(rows(page).locator("td:nth-child(2)")).toHaveText([
    "08:00–08:45",
    "10:30–11:15",
    "12:00–12:45",
    "16:00–16:45",
  ]);
  await page.getByRole("button", { name: "Typ" }).click();
  await expect(page.getByRole("columnheader", { name: "Typ" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // "Prüfung" (the exam) sorts after "Fahrstunde".
  await expect(rows(page).last()).toContainText("08:00–08:45");
  await page.getByRole("button", { name: "Typ" }).click();
  await expect(rows(page).first()).toContainText("08:00–08:45");
});

test("the filtered Excel export contains only the filtered rows", async ({ page }) => {
  await openList(page);
  await page.getByRole("searchbox", { name: "Termine suchen" }).fill("yilmaz");
  await expect(page.getByText("3 Termine")).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  for (const row of await rows(page).all()) await expect(row).toContainText("Ayşe Yılmaz");

  const from = await schoolDay(1);
  const to = await schoolDay(10);
  await page.getByRole("textbox", { name: "Von" }).fill(from.german);
  await page.getByRole("textbox", { name: "Bis" }).fill(to.german);
  await expect(page.getByText("2 Termine")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  await page.getByRole("button", { name: "Hinzufügen / Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Als Excel exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("fahrplan-termine.xlsx");
  const bytes = readFileSync(await download.path());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const sheet = workbook.getWorksheet("Termine")!;
  const data: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) data.push((row.values as unknown[]).slice(1, 5));
  });
  // Exactly the two rows the list shows, in its order (next first): day +2, then day +5.
  const inFive = await schoolDay(5);
  const inTwo = await schoolDay(2);
  const asDate = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
  expect(data).toEqual([
    [asDate(inTwo.iso), "16:00–16:45", "Ayşe Yılmaz", "Jörg Weiß"],
    [asDate(inFive.iso), "08:00–08:45", "Ayşe Yılmaz", "Łukasz Nowak"],
  ]);
});

test("search, range and sort stay in the address: reload and Back keep them (issue 25, point 6)", async ({ page }) => {
  await openList(page);
  await page.getByRole("searchbox", { name: "Termine suchen" }).fill("yilmaz");
  await expect(page.getByText("3 Termine")).toBeVisible();
  const to = await schoolDay(10);
  await page.getByRole("textbox", { name: "Bis" }).fill(to.german);
  await expect(page.getByText("2 Termine")).toBeVisible();
  // By last name: Nowak before Weiß, though Jörg comes before Łukasz.
  await page.getByRole("button", { name: "Fahrlehrer" }).click();
  await expect(rows(page).first()).toContainText("Łukasz Nowak");
  const kept = async () => {
    await expect(page.getByRole("searchbox", { name: "Termine suchen" })).toHaveValue("yilmaz");
    await expect(page.getByRole("textbox", { name: "Bis" })).toHaveValue(to.german);
    await expect(page.getByText("2 Termine")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Fahrlehrer" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await expect(rows(page).first()).toContainText("Łukasz Nowak");
  };
  await page.reload();
  await kept();
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).not.toHaveURL(/appointments/);
  await page.goBack();
  await kept();

  // Bis before Von says so, instead of a wrong format.
  const { baseURL } = app();
  await page.goto(`${baseURL}/appointments`);
  await page.getByRole("textbox", { name: "Von" }).fill((await schoolDay(10)).german);
  await page.getByRole("textbox", { name: "Bis" }).fill((await schoolDay(5)).german);
  await page.getByRole("textbox", { name: "Bis" }).blur();
  await expect(page.getByText("Bis liegt vor Von.")).toBeVisible();
  await expect(page.getByText("Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben."))
    .toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/office-appointments-1440.png", fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/office-appointments-390.png", fullPage: false });
});
