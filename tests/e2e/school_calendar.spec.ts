import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { publicHolidays } from "../../common/school_calendar/public_holidays.ts";
import { shippedFerien } from "../../common/school_calendar/ferien_data.ts";
import { addDays, schoolDay } from "../../common/time.ts";

const app = useApp("school_calendar");
test.describe.configure({ mode: "serial" });

// Screenshots for a person to look at (E2E_SHOTS=dir); not part of the assertions.
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

test.beforeAll(async () => {
  await app().createUser({
    username: "chef",
    role: "admin",
    first_name: "Jana",
    last_name: "Krüger",
  });
});

const germanDate = (iso: string) => iso.split("-").reverse().join(".");

test("the admin picks the state, edits the Ferien, saves, and a reload shows them", async ({ page }) => {
  const today = schoolDay();
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await page.getByRole("link", { name: /Ferien & Feiertage/ }).click();
  await expect(page.getByRole("heading", { name: "Ferien & Feiertage", level: 1 })).toBeVisible();

  // A new school: Nordrhein-Westfalen with its Ferien of this and the next school year.
  const state = page.getByLabel("Bundesland der Fahrschule");
  await expect(state).toHaveValue("NW");
  const rows = page.locator(".ferien-row");
  await expect(rows).toHaveCount(shippedFerien("NW", today).length);
  const holidayList = page.getByRole("list", { name: "Gesetzliche Feiertage" });
  const expectHolidays = async (code: "NW" | "BY") => {
    const expected = publicHolidays(code, today, addDays(today, 183));
    await expect(holidayList.getByRole("listitem")).toHaveCount(expected.length);
    for (const h of expected) await expect(holidayList).toContainText(germanDate(h.date));
  };
  await expectHolidays("NW");
  if (shots) await page.screenshot({ path: `${shots}/school_calendar_nw.png`, fullPage: true });

  // Bavaria: its holidays at once; no shipped Ferien, so the admin enters them.
  await state.selectOption({ label: "Bayern" });
  await expectHolidays("BY");
  await expect(page.getByRole("button", { name: "Ferien für Bayern übernehmen" })).toBeDisabled();
  await expect(page.getByText("Für Bayern sind keine Ferientermine hinterlegt.")).toBeVisible();

  // Edit the first range, delete the second, add one.
  const first = rows.first();
  await first.getByLabel("Name").fill("Herbstferien Bayern");
  await first.getByLabel("Erster Ferientag").fill("02.11.2026");
  await first.getByLabel("Letzter Ferientag").fill("06.11.2026");
  const count = await rows.count();
  if (count > 1) await rows.nth(1).getByRole("button", { name: /entfernen/ }).click();
  await page.getByRole("button", { name: "Ferienzeitraum hinzufügen" }).click();
  const added = rows.last();
  await added.getByLabel("Name").fill("Buß- und Bettag frei");
  await added.getByLabel("Erster Ferientag").fill("17.11.2027");
  await added.getByLabel("Letzter Ferientag").fill("16.11.2027");

  // The last day before the first: the form says so and saves nothing.
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Bitte die markierten Ferienzeiträume korrigieren.")).toBeVisible();
  await expect(added.getByText("Der letzte Ferientag darf nicht vor dem ersten liegen."))
    .toBeVisible();
  await added.getByLabel("Letzter Ferientag").fill("17.11.2027");
  await page.getByRole("button", { name: "Speichern" }).click();
  const saved = count > 1 ? count : count + 1;
  await expect(page.getByText(`Gespeichert: Bayern, ${saved} Ferienzeiträume.`, { exact: false }))
    .toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/school_calendar_saved.png`, fullPage: true });

  await page.reload();
  await expect(state).toHaveValue("BY");
  await expect(rows).toHaveCount(saved);
  const names = await rows.locator("input[type=text]").evaluateAll((inputs) =>
    inputs.map((i) => (i as HTMLInputElement).value)
  );
  expect(names).toContain("Herbstferien Bayern");
  expect(names).toContain("02.11.2026");
  expect(names).toContain("06.11.2026");
  expect(names).toContain("Buß- und Bettag frei");
  const [{ federal_state }] = await app().sql`select federal_state from school_settings`;
  expect(federal_state).toBe("BY");
  const [{ n }] = await app().sql`select count(*)::int as n from audit_log
                                   where action = 'school_calendar.update'`;
  expect(n).toBe(1);

  // Back to NRW: the shipped Ferien come back with one click.
  await state.selectOption({ label: "Nordrhein-Westfalen" });
  await page.getByRole("button", { name: "Ferien für Nordrhein-Westfalen übernehmen" }).click();
  await expect(rows).toHaveCount(shippedFerien("NW", today).length);
});

test("the constraint settings link to Ferien & Feiertage", async ({ page }) => {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/constraints-settings`);
  await page.getByRole("link", { name: "Ferien & Feiertage" }).click();
  await expect(page).toHaveURL(/\/ferien-feiertage$/);
});

test("on a 390 px phone the screen fits without sideways scrolling", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/ferien-feiertage`);
  await expect(page.locator(".ferien-row").first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/ferien-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test("Treffpunkte: the office adds and renames a place; the student form offers it (issue 22)", async ({ page }) => {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/ferien-feiertage`);
  const card = page.getByRole("region", { name: "Treffpunkte" });
  await expect(card.getByText("Eichlinghofen")).toBeVisible();
  await card.getByRole("button", { name: "+ Treffpunkt hinzufügen" }).click();
  await card.getByLabel("Name").fill("Westfalenhallen");
  await card.getByLabel("Adresse (freiwillig)").fill("Rheinlanddamm 200");
  await card.getByRole("button", { name: "Speichern" }).click();
  await expect(card.getByText("Westfalenhallen")).toBeVisible();
  await expect(card.getByText("5 Orte")).toBeVisible();
  // A name that exists already: the server's German answer, nothing added.
  await card.getByRole("button", { name: "+ Treffpunkt hinzufügen" }).click();
  await card.getByLabel("Name").fill("barop");
  await card.getByRole("button", { name: "Speichern" }).click();
  await expect(card.getByRole("alert")).toHaveText("Den Treffpunkt „barop“ gibt es schon.");
  await card.getByRole("button", { name: "Abbrechen" }).click();
  await card.getByRole("button", { name: "Westfalenhallen bearbeiten" }).click();
  await card.getByLabel("Name").fill("Westfalenhalle");
  await card.getByRole("button", { name: "Speichern" }).click();
  await expect(card.getByText("Westfalenhalle", { exact: true })).toBeVisible();

  await page.goto(`${app().baseURL}/students`);
  await page.getByRole("button", { name: "Fahrschüler hinzufügen" }).click();
  const form = page.getByRole("dialog", { name: "Neuen Schüler anlegen" });
  await form.getByLabel("Gewünschter Startort").selectOption("Westfalenhalle");
  await expect(form.getByLabel("Gewünschter Startort")).toHaveValue("Westfalenhalle");
});
