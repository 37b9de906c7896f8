import { expect, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Student management (spec 02 §2, §5, §8): the create form with its validation, the password shown
// exactly once, the detail overlay, the list columns, the xlsx export, delete.
const app = useApp("verwaltung_students");

test.describe.configure({ mode: "serial" });

async function openStudents(page: Page) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/students`);
  await expect(page.getByRole("heading", { name: "Fahrschüler", level: 1 })).toBeVisible();
}

test.beforeAll(async () => {
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
});

test("an empty list says so and exports nothing", async ({ page }) => {
  await openStudents(page);
  await expect(page.getByText("Keine Fahrschüler gefunden")).toBeVisible();
  await page.getByRole("button", { name: "Export / Import" }).click();
  await page.getByRole("menuitem", { name: "Als Excel exportieren" }).click();
  await expect(page.getByText("Keine Fahrschüler zum Exportieren vorhanden")).toBeVisible();
});

test("creates a student with free periods and shows the password once", async ({ page }) => {
  await openStudents(page);
  await page.getByRole("button", { name: "Fahrschüler hinzufügen" }).click();
  const form = page.getByRole("dialog", { name: "Neuen Schüler anlegen" });
  await form.getByLabel("Vorname", { exact: true }).fill("Jürgen");
  await form.getByLabel("Nachname", { exact: true }).fill("Weiß");
  await form.getByLabel("Führerscheinklasse").selectOption("B197");
  await form.getByLabel("Gewünschter Startort").selectOption("Barop");
  await expect(form.getByRole("radio", { name: "Ja" })).toBeChecked(); // default 'ja'
  await form.getByRole("radio", { name: "Nein" }).check();

  const monday = form.getByRole("group", { name: "Montag", exact: true });
  await monday.getByLabel("Schulbeginn").fill("08:00");
  await monday.getByLabel("Schulende").fill("13:30");

  // Spec 02 §5: neither a free period nor an arrival time → the message, nothing is created.
  await form.getByRole("button", { name: "Schüler erstellen" }).click();
  // The error stands beside the weekly plan it concerns (issue 25), the form's top says so.
  await expect(form.getByRole("region", { name: "Wochenplan" }).getByRole("alert")).toHaveText(
    "Bitte geben Sie mindestens eine Freistunde oder Ankunftszeit an, damit Termine geplant werden können.",
  );
  await expect(form.getByText("Bitte prüfen Sie die rot markierte Angabe.")).toBeVisible();
  expect((await app().sql`select 1 from users where role = 'student'`).length).toBe(0);

  const addFree = monday.getByRole("button", { name: "Freistunde hinzufügen" });
  await addFree.click();
  await addFree.click();
  await addFree.click();
  await expect(addFree).toHaveCount(0); // at most 3 free periods per day
  await monday.getByRole("group", { name: "Freistunde 1" }).getByLabel("Von").fill("10:00");
  await monday.getByRole("group", { name: "Freistunde 1" }).getByLabel("Bis").fill("10:45");
  // Free period 2 stays half-filled (it blocks the save below); free period 3 is removed.
  await monday.getByRole("group", { name: "Freistunde 2" }).getByLabel("Von").fill("11:00");
  await monday.getByRole("button", { name: "Freistunde 3 entfernen" }).click();
  await form.getByRole("group", { name: "Dienstag" }).getByLabel("Ankunft in der Fahrschule")
    .fill("14:00");

  await form.getByRole("button", { name: "Urlaub hinzufügen" }).click();
  await form.getByRole("button", { name: "Urlaub hinzufügen" }).click();
  await form.getByRole("group", { name: "Urlaub 1" }).getByLabel("Von").fill("01.08.2027");
  // The end date by keyboard alone: Tab to the calendar button, Enter, one day on, Enter.
  const vacationEnd = form.getByRole("group", { name: "Urlaub 1" }).getByLabel("Bis");
  await vacationEnd.fill("14.08.2027");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Samstag, 14. August 2027" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(vacationEnd).toHaveValue("15.08.2027");
  await form.getByRole("group", { name: "Urlaub 2" }).getByLabel("Von").fill("01.10.2027");
  // Half-filled rows are never dropped silently (issue 14): each blocks the save and is named.
  await form.getByRole("button", { name: "Schüler erstellen" }).click();
  await expect(form.getByRole("region", { name: "Wochenplan" }).getByRole("alert"))
    .toContainText("Freistunde am Montag, 2");
  await monday.getByRole("button", { name: "Freistunde 2 entfernen" }).click();
  await form.getByRole("button", { name: "Schüler erstellen" }).click();
  await expect(form.getByRole("region", { name: "Urlaubszeiten" }).getByRole("alert"))
    .toContainText("Urlaub 2");
  await form.getByRole("button", { name: "Urlaub 2 entfernen" }).click();
  await form.getByRole("button", { name: "Schüler erstellen" }).click();

  await expect(page.getByText("Schüler erfolgreich erstellt!")).toBeVisible();
  const passwordToast = page.getByText(/^Passwort: \S+$/);
  await expect(passwordToast).toBeVisible();
  const toastPassword = (await passwordToast.textContent())!.replace("Passwort: ", "");
  const credentials = page.getByRole("dialog", { name: "Zugangsdaten" });
  await expect(credentials.getByTestId("credentials-username")).toHaveText("juergen.weiss");
  await expect(credentials.getByTestId("credentials-password")).toHaveText(toastPassword);
  await credentials.getByRole("button", { name: "Fertig" }).click();
  await expect(credentials).toHaveCount(0);

  const { sql } = app();
  const [student] = await sql`
    select u.id, sp.license_class, sp.start_location, sp.available_in_holidays
    from users u join student_profiles sp on sp.user_id = u.id where u.username = 'juergen.weiss'`;
  expect(student).toMatchObject({
    license_class: "B197",
    start_location: "Barop",
    available_in_holidays: false,
  });
  const weekly = await sql`
    select availability_type as type, day_of_week as day, to_char(start_time, 'HH24:MI') as s,
           to_char(end_time, 'HH24:MI') as e
    from availabilities where user_id = ${student.id} order by availability_type, day_of_week`;
  expect(weekly.map((r) => `${r.type} ${r.day} ${r.s}-${r.e}`)).toEqual([
    "arrival 2 14:00-20:00",
    "free_period 1 10:00-10:45",
    "school 1 08:00-13:30",
  ]);
  const vacations = await sql`
    select start_date::text as s, end_date::text as e from vacation_periods
    where user_id = ${student.id}`;
  expect(vacations).toEqual([{ s: "2027-08-01", e: "2027-08-15" }]);

  // Reopening shows the stored student, never the password again.
  await page.getByRole("button", { name: "Jürgen Weiß", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "Fahrschüler-Details" });
  await expect(detail.getByLabel("Benutzername")).toHaveValue("juergen.weiss");
  await expect(detail).not.toContainText(toastPassword);
  await expect(page.getByRole("dialog", { name: "Zugangsdaten" })).toHaveCount(0);
});

test("lists progress, next appointment and open hours", async ({ page }) => {
  const { sql } = app();
  const instructor = await app().createUser({
    username: "lehrer",
    role: "instructor",
    first_name: "Lena",
    last_name: "Lehrer",
  });
  const [student] = await sql`select id from users where username = 'juergen.weiss'`;
  await sql`update student_profiles set completed_automatic_hours = 4 where user_id = ${student.id}`;
  // Next Wednesday 14:00 school time.
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    select ${student.id}, ${instructor}, 'automatic',
           (d + time '14:00') at time zone 'Europe/Berlin',
           (d + time '15:00') at time zone 'Europe/Berlin'
    from (select current_date + ((3 - extract(isodow from current_date)::int + 7) % 7 + 7) as d) x`;
  await openStudents(page);
  const row = page.getByRole("row", { name: /Jürgen Weiß/ });
  await expect(row.getByText("B197", { exact: true })).toBeVisible();
  await expect(row.getByRole("progressbar", { name: "Auto: 4 von 14 Stunden" })).toBeVisible();
  await expect(row.getByRole("progressbar", { name: "Schalt: 0 von 6 Stunden" })).toBeVisible();
  await expect(row.getByText("Mi 14:00")).toBeVisible();
  await expect(row.getByText("Lena Lehrer")).toBeVisible();
  // 14 + 6 required, 4 done, 1 planned automatic lesson ahead → 15 open, shown in amber.
  await expect(row.locator(".open-hours")).toHaveText("15 h");
  await expect(row.locator(".open-hours")).toHaveClass(/is-open/);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("edits a student in the detail overlay", async ({ page }) => {
  await openStudents(page);
  await page.getByRole("button", { name: "Jürgen Weiß bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrschüler bearbeiten" });
  await edit.getByLabel("Schulname").fill("Gymnasium Süd");
  const monday = edit.getByRole("group", { name: "Montag", exact: true });
  await expect(monday.getByRole("group", { name: "Freistunde 1" }).getByLabel("Von")).toHaveValue(
    "10:00",
  );
  await monday.getByRole("button", { name: "Freistunde hinzufügen" }).click();
  await monday.getByRole("group", { name: "Freistunde 2" }).getByLabel("Von").fill("12:00");
  await monday.getByRole("group", { name: "Freistunde 2" }).getByLabel("Bis").fill("12:45");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Schülerdaten erfolgreich aktualisiert!")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Fahrschüler-Details" })).toBeVisible();
  const rows = await app().sql`
    select to_char(a.start_time, 'HH24:MI') as s, sp.school_name
    from availabilities a join student_profiles sp on sp.user_id = a.user_id
    join users u on u.id = a.user_id
    where u.username = 'juergen.weiss' and a.availability_type = 'free_period'
    order by a.start_time`;
  expect(rows).toEqual([
    { s: "10:00", school_name: "Gymnasium Süd" },
    { s: "12:00", school_name: "Gymnasium Süd" },
  ]);
});

test("the training record: counted progress, the exam and the release (issue 22)", async ({ page }) => {
  const { sql } = app();
  const [student] = await sql`select id from users where username = 'juergen.weiss'`;
  const [instructor] = await sql`select id from users where username = 'lehrer'`;
  // One automatic lesson and one 90-minute Überlandfahrt last year: done.
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at,
                              appointment_type)
    values (${student.id}, ${instructor.id}, 'automatic', '2025-05-05 10:00+02',
            '2025-05-05 11:00+02', 'driving_lesson'),
           (${student.id}, ${instructor.id}, 'manual', '2025-05-06 10:00+02',
            '2025-05-06 11:30+02', 'overland')`;
  await openStudents(page);
  await page.getByRole("button", { name: "Jürgen Weiß bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrschüler bearbeiten" });
  const table = edit.locator(".training-table");
  // B197: 14 automatic; 4 before Fahrplan + 1 driven = 5 done, 1 planned, 8 open.
  await expect(table.getByRole("row", { name: /Fahrstunden \(Automatik\)/ })).toHaveText(
    "Fahrstunden (Automatik)14518",
  );
  await expect(table.getByRole("row", { name: /Überlandfahrten/ })).toHaveText(
    "Überlandfahrten5 × 45 min203",
  );
  await edit.getByLabel("Nachtfahrten: Soll").fill("4");
  await edit.getByLabel("Prüfungstermin (Tag)").fill("15.03.2027");
  await edit.getByLabel("Prüfungstermin (Uhrzeit)").fill("09:30");
  await edit.getByLabel("Sonderfahrten freigegeben").check();
  await page.screenshot({ path: "test-results/e2e/student-training.png", fullPage: false });
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Schülerdaten erfolgreich aktualisiert!")).toBeVisible();
  const [stored] = await sql`
    select required_night, special_drives_released,
           to_char(exam_at at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI') as exam
    from student_profiles where user_id = ${student.id}`;
  expect(stored).toEqual({
    required_night: 4,
    special_drives_released: true,
    exam: "2027-03-15 09:30",
  });
});

test("a student can drive on Saturday, the school's planned weekday (issue 22)", async ({ page }) => {
  await openStudents(page);
  await page.getByRole("button", { name: "Jürgen Weiß bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrschüler bearbeiten" });
  // The school plans Monday to Saturday (default): Saturday is there, Sunday is not.
  await expect(edit.getByRole("group", { name: "Sonntag", exact: true })).toHaveCount(0);
  const saturday = edit.getByRole("group", { name: "Samstag", exact: true });
  await saturday.getByLabel("Ankunft in der Fahrschule").fill("10:00");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Schülerdaten erfolgreich aktualisiert!")).toBeVisible();
  const rows = await app().sql`
    select a.day_of_week, to_char(a.start_time, 'HH24:MI') as start
      from availabilities a join users u on u.id = a.user_id
     where u.username = 'juergen.weiss' and a.availability_type = 'arrival'`;
  expect(rows).toContainEqual({ day_of_week: 6, start: "10:00" });
});

test("exports all students as xlsx with formulas neutralised", async ({ page }) => {
  await app().createUser({
    username: "formel",
    role: "student",
    first_name: '=HYPERLINK("http://x")',
    last_name: "Böse",
  });
  await openStudents(page);
  await page.getByRole("button", { name: "Export / Import" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Als Excel exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("fahrschueler.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    "Benutzername",
    "Name",
    "E-Mail",
    "Klasse",
    "Offen",
    "Status",
    "Beigetreten",
  ]);
  const byUser = new Map(
    [2, 3].map((n) => [String(sheet.getRow(n).getCell(1).value), sheet.getRow(n)]),
  );
  expect(byUser.get("juergen.weiss")!.getCell(2).value).toBe("Jürgen Weiß");
  expect(byUser.get("juergen.weiss")!.getCell(4).value).toBe("B197");
  // Open Fahrstunden: 20 required, 4 before Fahrplan, 1 driven, 1 planned (the Überlandfahrt
  // counts for itself, not as a Fahrstunde).
  expect(byUser.get("juergen.weiss")!.getCell(5).value).toBe(14);
  expect(byUser.get("formel")!.getCell(2).value).toBe('\'=HYPERLINK("http://x") Böse');
});

test("deletes a student after confirmation", async ({ page }) => {
  await openStudents(page);
  await page.getByRole("button", { name: "Jürgen Weiß löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Fahrschüler löschen" });
  await expect(confirm).toContainText("Möchten Sie Jürgen Weiß wirklich löschen?");
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByRole("status").filter({ hasText: /gelöscht/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Jürgen Weiß/ })).toHaveCount(0);
});

test("says why when a student vanished before loading or deleting", async ({ page }) => {
  await app().createUser({
    username: "weg1",
    role: "student",
    first_name: "Willi",
    last_name: "Weg",
  });
  await app().createUser({
    username: "weg2",
    role: "student",
    first_name: "Wanda",
    last_name: "Weg",
  });
  await openStudents(page);
  await expect(page.getByRole("row", { name: /Wanda Weg/ })).toBeVisible();
  // Someone else removes both while this list is open.
  await app().sql`delete from users where username in ('weg1', 'weg2')`;

  await page.getByRole("button", { name: "Willi Weg", exact: true }).click();
  await expect(page.getByText("Fehler beim Laden der Daten")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Fahrschüler-Details" })).toHaveCount(0);

  await page.getByRole("button", { name: "Wanda Weg löschen" }).click();
  await page.getByRole("dialog", { name: "Fahrschüler löschen" }).getByRole("button", {
    name: "Löschen",
  }).click();
  await expect(page.getByRole("alert").filter({ hasText: /^Fehler beim Löschen: \S/ }))
    .toBeVisible();
});
