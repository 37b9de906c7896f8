import { readFileSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// The availabilities list (CSV import and export) and the vehicles list (add, sort, CSV export),
// spec 02 §2 and §8.
const app = useApp("verwaltung_lists");

test.describe.configure({ mode: "serial" });

async function open(page: Page, path: string) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}${path}`);
}

async function exportCsv(page: Page, menuItem: string) {
  await page.getByRole("button", { name: "Export / Import" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: menuItem }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test.beforeAll(async () => {
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
  await app().createUser({
    username: "oezguer",
    role: "instructor",
    first_name: "Özgür",
    last_name: "Çelik",
  });
  await app().createUser({
    username: "formel",
    role: "student",
    first_name: "=1+1",
    last_name: "Schüler",
  });
});

test("imports availabilities from a CSV file and lists them", async ({ page }) => {
  await open(page, "/availabilities-list");
  await expect(page.getByText("Keine Verfügbarkeiten gefunden")).toBeVisible();

  const fileInput = page.getByTestId("availability-import-file");
  // A broken row: the server names it, nothing is imported.
  await fileInput.setInputFiles({
    name: "kaputt.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("username;day_of_week;start_time;end_time\noezguer;1;25:00;26:00\n"),
  });
  await expect(page.getByRole("alert").filter({ hasText: /Zeile 2/ })).toBeVisible();
  expect((await app().sql`select 1 from availabilities`).length).toBe(0);

  await fileInput.setInputFiles({
    name: "verfuegbarkeiten.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "username;day_of_week;start_time;end_time\n" +
        "oezguer;1;08:00;12:00\noezguer;Mittwoch;14:00;18:30\nformel;5;15:00;17:00\n",
    ),
  });
  await expect(page.getByText("Import erfolgreich! 3 Verfügbarkeiten importiert.")).toBeVisible();
  const table = page.getByRole("table", { name: "Verfügbarkeiten" });
  const özgür = table.getByRole("row", { name: /Özgür Çelik/ });
  await expect(özgür).toHaveCount(2);
  await expect(özgür.first()).toContainText("Fahrlehrer");
  await expect(özgür.first()).toContainText("Montag");
  await expect(özgür.first()).toContainText("08:00");
  await expect(özgür.first()).toContainText("12:00");
  await expect(table.getByRole("row", { name: /=1\+1 Schüler/ })).toContainText("Fahrschüler");

  // Search narrows the list on the server.
  await page.getByLabel("Verfügbarkeiten suchen").fill("formel");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await page.getByLabel("Verfügbarkeiten suchen").fill("");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await page.getByRole("button", { name: "Wochentag" }).click();
  await expect(table.locator("tbody tr").first()).toContainText("Montag");
  await page.getByRole("button", { name: "Wochentag" }).click();
  await expect(table.locator("tbody tr").first()).toContainText("Freitag");

  // Only .csv files are taken.
  await fileInput.setInputFiles({
    name: "liste.xlsx",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("x"),
  });
  await expect(page.getByText("Bitte wählen Sie eine CSV-Datei (.csv) aus.")).toBeVisible();
});

test("exports availabilities as CSV with BOM, umlauts and neutralised formulas", async ({ page }) => {
  await open(page, "/availabilities-list");
  await expect(page.getByRole("table", { name: "Verfügbarkeiten" }).locator("tbody tr"))
    .toHaveCount(3);
  const file = await exportCsv(page, "Als CSV exportieren");
  expect(file.name).toBe("verfuegbarkeiten.csv");
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.bytes.toString("utf8").slice(1).trim().split("\r\n");
  expect(lines[0]).toBe("Benutzer;Benutzername;Rolle;Wochentag;Von;Bis;Art");
  expect(lines).toContain("'=1+1 Schüler;formel;Fahrschüler;Freitag;15:00;17:00;Verfügbar");
  // An instructor's weekly time is a working time (one availability model, decision 0012).
  expect(lines).toContain("Özgür Çelik;oezguer;Fahrlehrer;Mittwoch;14:00;18:30;Arbeitszeit");
});

test("adds vehicles, sorts them and exports them as CSV", async ({ page }) => {
  await open(page, "/vehicles");
  await expect(page.getByText("Keine Fahrzeuge gefunden")).toBeVisible();
  await page.getByRole("button", { name: "Fahrzeug hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Neues Fahrzeug hinzufügen" });
  const plate = dialog.getByLabel("Kennzeichen");
  await expect(plate).toHaveAttribute("placeholder", "B-PL 1234");
  await expect(dialog.getByText("Geben Sie das Kennzeichen des Fahrzeugs ein")).toBeVisible();
  await dialog.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(dialog.getByText("Bitte geben Sie das Kennzeichen ein.")).toBeVisible();
  await plate.fill("DO-FS 200");
  await dialog.getByRole("radio", { name: "Automatik" }).check();
  await dialog.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(page.getByText("Fahrzeug erfolgreich hinzugefügt!")).toBeVisible();
  await expect(page.getByText("Fahrzeug „DO-FS 200“ wurde hinzugefügt.")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The same plate again: the server's German error shows in the dialog.
  await page.getByRole("button", { name: "Fahrzeug hinzufügen" }).click();
  await dialog.getByLabel("Kennzeichen").fill("do-fs 200");
  await dialog.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(dialog.getByRole("alert")).not.toBeEmpty();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();

  const { sql } = app();
  await sql`insert into vehicles (name, transmission) values ('=A-Z 1', 'manual'), ('AB-C 9', 'manual')`;
  const [busy] = await sql`select id from vehicles where name = 'AB-C 9'`;
  const [student] = await sql`select id from users where username = 'formel'`;
  const [instructor] = await sql`select id from users where username = 'oezguer'`;
  await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at, ends_at)
    values (${student.id}, ${instructor.id}, ${busy.id}, 'manual', now() + interval '1 day',
            now() + interval '1 day 1 hour'),
           (${student.id}, ${instructor.id}, ${busy.id}, 'manual', now() + interval '2 days',
            now() + interval '2 days 1 hour')`;
  await page.reload();
  const names = page.getByRole("table", { name: "Fahrzeuge" }).locator("tbody td:first-child");
  await expect(names).toHaveText(["=A-Z 1", "AB-C 9", "DO-FS 200"]); // name ascending by default
  await page.getByRole("button", { name: "Termine" }).click();
  await page.getByRole("button", { name: "Termine" }).click();
  await expect(page.getByRole("columnheader", { name: "Termine" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(names.first()).toHaveText("AB-C 9");

  const file = await exportCsv(page, "Als CSV exportieren");
  expect(file.name).toBe("fahrzeuge.csv");
  const text = file.bytes.toString("utf8");
  expect(text.startsWith("\uFEFFFahrzeug;Getriebe;Termine\r\n")).toBe(true);
  expect(text).toContain("AB-C 9;Schaltgetriebe;2\r\n");
  expect(text).toContain("DO-FS 200;Automatik;0\r\n");
  expect(text).toContain("'=A-Z 1;Schaltgetriebe;0\r\n");

  await page.getByRole("button", { name: "Export / Import" }).click();
  await page.getByRole("menuitem", { name: "Fahrzeuge importieren" }).click();
  await expect(page.getByText(/Der Import von Fahrzeugen ist in Vorbereitung/)).toBeVisible();
});

test("the header menu works with the keyboard alone", async ({ page }) => {
  await open(page, "/vehicles");
  const menuButton = page.getByRole("button", { name: "Export / Import" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Als CSV exportieren" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Fahrzeuge importieren" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(menuButton).toBeFocused();
});

test("the Verwaltung screens and their forms pass axe", async ({ page }) => {
  await open(page, "/instructors");
  const screens: [string, string, string[]][] = [
    ["/instructors", "Fahrlehrer hinzufügen", [
      "Pause hinzufügen",
      "Urlaub hinzufügen",
      "Theoriestunde hinzufügen",
      "Sperrzeit hinzufügen",
    ]],
    ["/students", "Fahrschüler hinzufügen", ["Urlaub hinzufügen", "Freistunde hinzufügen"]],
    ["/vehicles", "Fahrzeug hinzufügen", []],
    ["/availabilities-list", "", []],
  ];
  for (const [path, addButton, rowButtons] of screens) {
    await page.goto(`${app().baseURL}${path}`);
    await expect(page.locator("tbody tr").first()).toBeVisible();
    const list = await new AxeBuilder({ page }).include("main").analyze();
    expect(list.violations.map((v) => `${path}: ${v.id}`)).toEqual([]);
    if (!addButton) continue;
    await page.getByRole("button", { name: addButton }).click();
    const dialog = page.getByRole("dialog");
    for (const name of rowButtons) await dialog.getByRole("button", { name }).first().click();
    // Contrast is judged on the settled dialog, not halfway through its fade-in.
    await page.evaluate(() =>
      Promise.allSettled(document.getAnimations().map((animation) => animation.finished))
    );
    const form = await new AxeBuilder({ page }).include(".modal").analyze();
    expect(form.violations.map((v) => `${path} form: ${v.id}`)).toEqual([]);
  }
});
