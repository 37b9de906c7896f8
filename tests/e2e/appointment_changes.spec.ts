import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// One appointment by hand (issue 11): a row of /appointments opens its dialog; it is moved,
// cancelled with a reason, added and deleted, and the server's conflict sentence is shown.
const app = useApp("appointment_changes");

test.describe.configure({ mode: "serial" });

async function addAppointment(
  a: { student: number; instructor: number; day: string; start: string },
) {
  const { sql } = app();
  await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at)
    values (${a.student}, ${a.instructor}, (select id from vehicles where name = 'DO-FS 101'),
            'manual', (${a.day}::date + ${a.start}::time) at time zone 'Europe/Berlin',
            (${a.day}::date + ${a.start}::time) at time zone 'Europe/Berlin' + interval '1 hour')
  `;
}

test.beforeAll(async () => {
  const { createUser, sql } = app();
  await createUser({ username: "chefin", role: "admin", first_name: "Clara", last_name: "Chef" });
  const joerg = await createUser({
    username: "joerg",
    role: "instructor",
    first_name: "Jörg",
    last_name: "Barsmann",
  });
  const lena = await createUser({
    username: "lena",
    role: "student",
    first_name: "Lena",
    last_name: "Offline",
  });
  const paul = await createUser({
    username: "paul",
    role: "student",
    first_name: "Paul",
    last_name: "Becker",
  });
  await sql`insert into vehicles (name, transmission) values ('DO-FS 101', 'manual')`;
  // Jörg works every day 08:00-18:00; the students drive 08:00-20:00.
  await sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${joerg}, 'work', d, '08:00'::time, '18:00'::time from generate_series(1, 7) d
    union all
    select s, 'available', d, '08:00'::time, '20:00'::time
      from generate_series(1, 7) d, unnest(array[${lena}::bigint, ${paul}::bigint]) s
  `;
  await addAppointment({ student: lena, instructor: joerg, day: "2027-12-09", start: "14:00" });
  await addAppointment({ student: paul, instructor: joerg, day: "2027-12-10", start: "10:00" });
  await addAppointment({ student: paul, instructor: joerg, day: "2027-12-11", start: "09:00" });
});

async function openList(page: Page) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/appointments`);
  await expect(page.getByRole("heading", { name: "Termine", level: 1 })).toBeVisible();
}

function row(page: Page, date: string) {
  return page.getByRole("table", { name: "Termine" }).locator("tbody tr").filter({
    hasText: date,
  });
}

test("a row opens the dialog; a move is checked by the server and lands in the list", async ({ page }) => {
  await openList(page);
  await row(page, "09.12.2027").getByText("Lena Offline").click();
  const dialog = page.getByRole("dialog", { name: "Fahrstunde am Do, 09.12.2027" });
  await expect(dialog).toContainText("14:00–15:00 (60 Min.)");
  await expect(dialog).toContainText("Jörg Barsmann");
  await expect(dialog).toContainText("DO-FS 101");
  await page.screenshot({ path: test.info().outputPath("appointment_dialog.png") });
  expect(await axeViolations(page, [".modal"])).toEqual([]);

  await dialog.getByRole("button", { name: "Verschieben" }).click();
  const move = page.getByRole("dialog", { name: "Termin verschieben" });
  // Outside Jörg's working hours: the server's sentence, and the admin may override it.
  await move.getByLabel("Uhrzeit").fill("19:00");
  await move.getByRole("button", { name: "Speichern" }).click();
  await expect(move.getByRole("alert")).toHaveText(
    /Jörg Barsmann ist am 09\.12\.2027 von 19:00 bis 20:00 nicht verfügbar/,
  );
  await expect(move.getByRole("button", { name: "Trotzdem speichern" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("appointment_move_conflict.png") });
  expect(await axeViolations(page, [".modal"])).toEqual([]);
  // Onto Paul's lesson with Jörg in the same car: a double booking, which no one may override.
  await move.getByLabel("Datum", { exact: true }).fill("10.12.2027");
  await move.getByLabel("Uhrzeit").fill("10:30");
  await move.getByRole("button", { name: "Speichern" }).click();
  await expect(move.getByRole("alert")).toHaveText(
    "Jörg Barsmann hat am 10.12.2027 um 10:00 bereits eine Fahrstunde mit Paul Becker. " +
      "Fahrzeug DO-FS 101 ist am 10.12.2027 um 10:00 bereits für eine Fahrstunde von Paul Becker " +
      "mit Jörg Barsmann eingeplant.",
  );
  await expect(move.getByRole("button", { name: "Trotzdem speichern" })).toHaveCount(0);

  await move.getByLabel("Datum", { exact: true }).fill("09.12.2027");
  await move.getByLabel("Uhrzeit").fill("16:00");
  await move.getByRole("button", { name: "Speichern" }).click();
  const moved = page.getByRole("dialog", { name: "Fahrstunde am Do, 09.12.2027" });
  await expect(moved).toContainText("16:00–17:00 (60 Min.)");
  await moved.getByRole("button", { name: "Schließen" }).last().click();
  await expect(row(page, "09.12.2027")).toContainText("16:00");
});

test("a cancel with reason keeps the row, marked Storniert (opened with the keyboard)", async ({ page }) => {
  await openList(page);
  await row(page, "10.12.2027").focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Fahrstunde am Fr, 10.12.2027" });
  await dialog.getByRole("button", { name: "Stornieren" }).click();
  const cancel = page.getByRole("dialog", { name: "Termin stornieren" });
  await cancel.getByRole("button", { name: "Termin stornieren" }).click();
  await expect(cancel.getByRole("alert")).toHaveText(
    "Bitte einen Grund für die Stornierung angeben.",
  );
  await cancel.getByLabel("Grund der Stornierung").fill("Fahrschüler krank");
  await cancel.getByRole("button", { name: "Termin stornieren" }).click();
  const done = page.getByRole("dialog", { name: "Fahrstunde am Fr, 10.12.2027" });
  await expect(done).toContainText("Fahrschüler krank");
  await expect(done.locator(".badge")).toHaveText("Storniert");
  await expect(done.getByRole("button", { name: "Verschieben" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(row(page, "10.12.2027").locator(".badge")).toHaveText("Storniert");
});

test("Paul's calendar shows the cancelled lesson where it was, marked Storniert", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "paul");
  await page.goto(`${app().baseURL}/kalender`);
  const heading = page.locator("#calendar-month");
  await expect(heading).toBeVisible();
  for (let i = 0; i < 40 && (await heading.textContent()) !== "Dezember 2027"; i++) {
    const ahead = (await heading.textContent())!.endsWith("2028");
    await page.getByRole("button", { name: ahead ? "Vorheriger Monat" : "Nächster Monat" }).click();
  }
  await expect(heading).toHaveText("Dezember 2027");
  const cancelled = page.locator('[data-day="2027-12-10"] .calendar-appointment');
  await expect(cancelled).toContainText("10:00");
  await expect(cancelled.locator(".badge")).toHaveText("Storniert");
  await expect(cancelled).toContainText("Fahrschüler krank");
  await page.screenshot({ path: test.info().outputPath("calendar_cancelled.png") });
  // The lesson that still takes place is not marked.
  await expect(page.locator('[data-day="2027-12-11"] .badge')).toHaveCount(0);
  await context.close();
});

test("'Termin hinzufügen' adds a Nachtfahrt by hand, past the working hours with the override", async ({ page }) => {
  await openList(page);
  await page.getByRole("button", { name: "Hinzufügen / Export" }).click();
  await page.getByRole("menuitem", { name: "Termin hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Termin hinzufügen" });
  await dialog.getByLabel("Terminart").selectOption({ label: "Nachtfahrt" });
  await dialog.getByRole("combobox", { name: "Fahrschüler" }).fill("lena");
  await dialog.getByRole("option", { name: "Lena Offline" }).click();
  await dialog.getByLabel("Datum", { exact: true }).fill("14.12.2027");
  await dialog.getByLabel("Uhrzeit").fill("17:30");
  await dialog.getByLabel("Fahrlehrer").selectOption({ label: "Jörg Barsmann (Schaltgetriebe)" });
  await dialog.getByLabel("Fahrzeug").selectOption({ label: "DO-FS 101 (Schaltgetriebe)" });
  await dialog.getByRole("button", { name: "Termin hinzufügen" }).click();
  // A night drive is a double lesson of 90 minutes unless the office types another length; Jörg
  // works until 18:00: the admin is told and saves anyway.
  await expect(dialog.getByRole("alert")).toHaveText(
    /Jörg Barsmann ist am 14\.12\.2027 von 17:30 bis 19:00 nicht verfügbar/,
  );
  await dialog.getByRole("button", { name: "Trotzdem speichern" }).click();
  await expect(dialog).toBeHidden();
  const added = row(page, "14.12.2027");
  await expect(added).toContainText("17:30");
  await expect(added).toContainText("Nachtfahrt");
  await expect(added).toContainText("Lena Offline");
});

test("a delete asks first and removes the row", async ({ page }) => {
  await openList(page);
  await expect(row(page, "11.12.2027")).toHaveCount(1);
  await row(page, "11.12.2027").getByText("Paul Becker").click();
  const dialog = page.getByRole("dialog", { name: "Fahrstunde am Sa, 11.12.2027" });
  await dialog.getByRole("button", { name: "Löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Termin löschen" });
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByText("Termin gelöscht.")).toBeVisible();
  await expect(row(page, "11.12.2027")).toHaveCount(0);
});
