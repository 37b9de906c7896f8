import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Instructor management (spec 02 §2, §5, §8): create with every section, edit, search, sort,
// export to a real .xlsx, delete.
const app = useApp("verwaltung_instructors");

test.describe.configure({ mode: "serial" });

async function fillTime(scope: Locator, group: string, label: string, value: string) {
  await scope.getByRole("group", { name: group, exact: true }).getByLabel(label, { exact: true })
    .fill(value);
}

async function openAdmin(page: Page) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/instructors`);
  await expect(page.getByRole("heading", { name: "Fahrlehrer", level: 1 })).toBeVisible();
}

test.beforeAll(async () => {
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
  await app().createUser({
    username: "z.anton",
    role: "instructor",
    first_name: "Anton",
    last_name: "Zorn",
  });
  await app().createUser({
    username: "berta.adler",
    role: "instructor",
    first_name: "Berta",
    last_name: "Adler",
  });
});

test("creates an instructor with breaks, vacation, theory and a recurring block", async ({ page }) => {
  await openAdmin(page);
  await expect(page).toHaveTitle(/Fahrlehrer/);
  await page.getByRole("button", { name: "Fahrlehrer hinzufügen" }).click();
  const form = page.getByRole("dialog", { name: "Fahrlehrer hinzufügen" });
  await form.getByLabel("Vorname", { exact: true }).fill("Erika");
  await form.getByLabel("Nachname", { exact: true }).fill("Mustermann");
  await form.getByLabel("E-Mail", { exact: true }).fill("erika@fahrschule.test");
  await form.getByLabel("Stundenziel pro Monat").fill("120");

  // Spec 02 §5: no transmission chosen → the message, nothing is sent.
  await form.getByRole("button", { name: "Fahrlehrer erstellen" }).click();
  await expect(form.getByRole("group", { name: /Qualifikation/ }).getByRole("alert")).toHaveText(
    "Bitte wählen Sie mindestens einen Getriebe-Typ aus.",
  );
  await form.getByLabel("Automatik").check();
  await form.getByLabel("Schaltung").check();

  await fillTime(form, "Montag", "Beginn", "08:00");
  await fillTime(form, "Montag", "Ende", "16:00");
  await fillTime(form, "Dienstag", "Beginn", "09:00");
  await fillTime(form, "Dienstag", "Ende", "17:30");

  const addBreak = form.getByRole("button", { name: "Pause hinzufügen" });
  await addBreak.click();
  await addBreak.click();
  await expect(addBreak).toHaveCount(0); // at most 2 breaks: the button disappears
  await fillTime(form, "Pause 1", "Von", "10:00");
  await fillTime(form, "Pause 1", "Bis", "10:15");
  await fillTime(form, "Pause 2", "Von", "12:30");
  await fillTime(form, "Pause 2", "Bis", "13:00");

  await form.getByRole("button", { name: "Urlaub hinzufügen" }).click();
  await fillTime(form, "Urlaub 1", "Von", "01.07.2027");
  await fillTime(form, "Urlaub 1", "Bis", "14.07.2027");

  // The theory date comes from the calendar popup: month and year dropdowns, Monday first.
  await form.getByRole("button", { name: "Theoriestunde hinzufügen" }).click();
  const theory = form.getByRole("group", { name: "Theoriestunde 1" });
  await theory.getByRole("button", { name: "Kalender öffnen" }).click();
  const picker = page.getByRole("dialog", { name: "Datum auswählen" });
  await expect(picker.getByRole("columnheader", { includeHidden: true }).first()).toHaveText("Mo");
  await picker.getByLabel("Monat", { exact: true }).selectOption({ label: "März" });
  await picker.getByLabel("Jahr", { exact: true }).selectOption("2027");
  await picker.getByRole("button", { name: "Mittwoch, 10. März 2027" }).click();
  await expect(theory.getByLabel("Datum")).toHaveValue("10.03.2027");
  await fillTime(form, "Theoriestunde 1", "Von", "18:00");
  await fillTime(form, "Theoriestunde 1", "Bis", "19:30");

  await form.getByRole("button", { name: "Sperrzeit hinzufügen" }).click();
  const block = form.getByRole("group", { name: "Sperrzeit 1" });
  await expect(block.getByLabel("Wochentag")).toHaveValue("1"); // Monday by default
  await block.getByLabel("Wochentag").selectOption({ label: "Mittwoch" });
  await block.getByLabel("Von", { exact: true }).fill("15:00");
  await block.getByLabel("Bis", { exact: true }).fill("16:30");
  await block.getByLabel("Beschreibung").fill("Büro");
  await block.getByLabel("Gültig ab").fill("31.02.2027");
  await block.getByLabel("Gültig bis").click();
  await expect(block.getByText("Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben."))
    .toBeVisible();
  await block.getByLabel("Gültig ab").fill("01.03.2027");
  await expect(block.getByText("Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben."))
    .toHaveCount(0);

  await form.getByRole("button", { name: "Fahrlehrer erstellen" }).click();

  const credentials = page.getByRole("dialog", { name: "Zugangsdaten" });
  await expect(credentials).toBeVisible();
  await expect(credentials.getByTestId("credentials-username")).toHaveText("erika.mustermann");
  await expect(credentials.getByTestId("credentials-password")).not.toBeEmpty();
  await credentials.getByRole("button", { name: "Fertig" }).click();
  await expect(credentials).toHaveCount(0);

  const { sql } = app();
  const [user] = await sql`select id, email from users where username = 'erika.mustermann'`;
  expect(user.email).toBe("erika@fahrschule.test");
  const rows = await sql`
    select availability_type as type, day_of_week as day, to_char(start_time, 'HH24:MI') as start,
           to_char(end_time, 'HH24:MI') as "end", description, valid_from::text as from
    from availabilities where user_id = ${user.id} order by availability_type, start_time`;
  expect(rows.map((r) => `${r.type} ${r.day ?? "-"} ${r.start}-${r.end}`)).toEqual([
    "break - 10:00-10:15",
    "break - 12:30-13:00",
    "unavailable 3 15:00-16:30",
    "work 1 08:00-16:00",
    "work 2 09:00-17:30",
  ]);
  expect(rows.find((r) => r.type === "unavailable")).toMatchObject({
    description: "Büro",
    from: "2027-03-01",
  });
  const vacations = await sql`
    select start_date::text as s, end_date::text as e from vacation_periods where user_id = ${user.id}`;
  expect(vacations).toEqual([{ s: "2027-07-01", e: "2027-07-14" }]);
  const theoryRows = await sql`
    select date::text as d, to_char(start_time, 'HH24:MI') as s from theory_sessions
    where instructor_id = ${user.id}`;
  expect(theoryRows).toEqual([{ d: "2027-03-10", s: "18:00" }]);

  const row = page.getByRole("row", { name: /Erika Mustermann/ });
  await expect(row.getByText("Auto", { exact: true })).toBeVisible();
  await expect(row.getByText("Schalt", { exact: true })).toBeVisible();
  await expect(row.getByText("Aktiv", { exact: true })).toBeVisible();
});

test("shows the detail read-only, edits and saves", async ({ page }) => {
  await openAdmin(page);
  await page.getByRole("row", { name: /Erika Mustermann/ }).getByRole("cell").nth(1).click();
  const detail = page.getByRole("dialog", { name: "Fahrlehrer-Details" });
  await expect(detail.getByLabel("Benutzername")).toHaveValue("erika.mustermann");
  await expect(detail.getByLabel("Vorname", { exact: true })).toBeDisabled();
  await expect(detail.getByRole("group", { name: "Pause 2" }).getByLabel("Bis")).toHaveValue(
    "13:00",
  );
  await expect(detail.getByRole("group", { name: "Urlaub 1" }).getByLabel("Von")).toHaveValue(
    "01.07.2027",
  );

  await detail.getByRole("button", { name: "Bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrlehrer bearbeiten" });
  await edit.getByLabel("Telefon").fill("0231 123456");
  await fillTime(edit, "Pause 2", "Bis", "13:15");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Fahrlehrer erfolgreich aktualisiert!")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Fahrlehrer-Details" })).toBeVisible();

  const [stored] = await app().sql`
    select u.phone, to_char(a.end_time, 'HH24:MI') as break_end
    from users u join availabilities a on a.user_id = u.id and a.availability_type = 'break'
    where u.username = 'erika.mustermann' order by a.start_time desc limit 1`;
  expect(stored).toEqual({ phone: "0231 123456", break_end: "13:15" });
  await page.getByRole("dialog", { name: "Fahrlehrer-Details" }).getByRole("button", {
    name: "Schließen",
  }).first().click();

  // The edit button opens the overlay straight in edit mode; 'Abbrechen' drops the change.
  await page.getByRole("button", { name: "Erika Mustermann bearbeiten" }).click();
  const direct = page.getByRole("dialog", { name: "Fahrlehrer bearbeiten" });
  await direct.getByLabel("Telefon").fill("999");
  await direct.getByRole("button", { name: "Abbrechen" }).click();
  const back = page.getByRole("dialog", { name: "Fahrlehrer-Details" });
  await expect(back.getByLabel("Telefon")).toHaveValue("0231 123456");
});

test("searches, sorts and exports the list as a real xlsx", async ({ page }) => {
  // exceljs is big: it may load only when an export runs.
  const scripts: string[] = [];
  page.on("request", (request) => scripts.push(request.url()));
  await openAdmin(page);
  const names = page.getByRole("table", { name: "Fahrlehrer" }).locator("tbody .cell-title");
  // Default order: username ascending (spec 02 §9), so z.anton comes last.
  await expect(names).toHaveText(["Berta Adler", "Erika Mustermann", "Anton Zorn"]);

  await page.getByRole("button", { name: "Name" }).click();
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(names).toHaveText(["Anton Zorn", "Berta Adler", "Erika Mustermann"]);
  await page.getByRole("button", { name: "Name" }).click();
  await expect(names).toHaveText(["Erika Mustermann", "Berta Adler", "Anton Zorn"]);

  await page.getByLabel("Fahrlehrer suchen").fill("muster");
  await expect(names).toHaveText(["Erika Mustermann"]);
  await page.getByLabel("Fahrlehrer suchen").fill("niemand-heisst-so");
  await expect(page.getByText("Keine Fahrlehrer gefunden")).toBeVisible();
  await page.getByLabel("Fahrlehrer suchen").fill("");
  await expect(names).toHaveCount(3);

  expect(scripts.filter((url) => url.includes("exceljs"))).toEqual([]);
  await page.getByRole("button", { name: "Export / Import" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Als Excel exportieren" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("fahrlehrer.xlsx");
  expect(scripts.some((url) => url.includes("exceljs"))).toBe(true);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    "Benutzername",
    "Name",
    "E-Mail",
    "Status",
    "Beigetreten",
  ]);
  expect(sheet.rowCount).toBe(4);
  const erika = [2, 3, 4].map((n) => sheet.getRow(n)).find((r) =>
    r.getCell(1).value === "erika.mustermann"
  )!;
  expect(erika.getCell(2).value).toBe("Erika Mustermann");
  expect(erika.getCell(3).value).toBe("erika@fahrschule.test");
  expect(erika.getCell(4).value).toBe("Aktiv");
  expect(String(erika.getCell(5).value)).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);

  await page.getByRole("button", { name: "Export / Import" }).click();
  await page.getByRole("menuitem", { name: "Aus Excel importieren" }).click();
  // The import lives in the dashboard's import section; the link brings its importer into view.
  await expect(page).toHaveURL(/\/admin-panel#import-fahrlehrer$/);
  await expect(page.getByRole("button", { name: "Fahrlehrer aus Excel importieren" }))
    .toBeFocused();
});

test("deletes an instructor after confirmation", async ({ page }) => {
  await openAdmin(page);
  await page.getByRole("button", { name: "Erika Mustermann löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Fahrlehrer löschen" });
  await expect(confirm).toContainText("Möchten Sie Erika Mustermann wirklich löschen?");
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByRole("status").filter({ hasText: /gelöscht/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Erika Mustermann/ })).toHaveCount(0);
  const left = await app().sql`select 1 from users where username = 'erika.mustermann'`;
  expect(left.length).toBe(0);
});

test("shows this month's hours against the target and today's lessons", async ({ page }) => {
  const { sql } = app();
  const student = await app().createUser({ username: "schueler", role: "student" });
  await sql`
    update instructor_profiles set monthly_hours_target = 10
    where user_id in (select id from users where username in ('z.anton', 'berta.adler'))`;
  // Today on the school's wall clock: Anton 8 of 10 hours (80 %, green), Berta 1 of 10 (red).
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    select ${student}, u.id, 'manual',
           ((now() at time zone 'Europe/Berlin')::date + s) at time zone 'Europe/Berlin',
           ((now() at time zone 'Europe/Berlin')::date + e) at time zone 'Europe/Berlin'
    from users u, (values ('z.anton', time '06:00', time '14:00'),
                          ('berta.adler', time '15:00', time '16:00')) v(name, s, e)
    where u.username = v.name`;
  await openAdmin(page);
  const anton = page.getByRole("row", { name: /Anton Zorn/ });
  await expect(anton.getByText("8/10 h")).toHaveClass("text-success");
  await expect(anton.getByText("(80 %)")).toBeVisible();
  await expect(anton.locator("td.table-num")).toHaveText("1");
  const berta = page.getByRole("row", { name: /Berta Adler/ });
  await expect(berta.getByText("1/10 h")).toHaveClass("text-error");
  await expect(berta.getByText("(10 %)")).toBeVisible();
});

test("pages through more than 20 instructors", async ({ page }) => {
  const { sql } = app();
  await sql`
    with added as (
      insert into users (username, role, password_hash, first_name, last_name)
      select 'lehrer' || lpad(n::text, 2, '0'), 'instructor', 'x', 'Lehrer', 'Nummer ' || n
      from generate_series(1, 22) n
      returning id
    )
    insert into instructor_profiles (user_id, transmission_types)
    select id, '{automatic}' from added`;
  await openAdmin(page);
  const rows = page.getByRole("table", { name: "Fahrlehrer" }).locator("tbody tr");
  await expect(page.getByText("24 Fahrlehrer insgesamt")).toBeVisible();
  await expect(rows).toHaveCount(20);
  const pages = page.getByRole("navigation", { name: "Seiten der Fahrlehrerliste" });
  await expect(pages.getByRole("button", { name: "Seite 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await pages.getByRole("button", { name: "Nächste Seite" }).click();
  await expect(rows).toHaveCount(4);
  await expect(pages.getByRole("button", { name: "Nächste Seite" })).toBeDisabled();
  await expect(pages.getByRole("button", { name: "Seite 3" })).toHaveCount(0);
  // A new search starts on page 1 again.
  await page.getByLabel("Fahrlehrer suchen").fill("Nummer 1");
  await expect(rows).toHaveCount(11); // Nummer 1, 10..19
  await expect(pages).toHaveCount(0);
});

test("looks right on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page);
  await page.getByRole("button", { name: "Fahrlehrer hinzufügen" }).click();
  // Nothing may stick out sideways except inside the scrolling table.
  const overflow = await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
