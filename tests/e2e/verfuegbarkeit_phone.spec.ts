/**
 * Issue 25, point 19, in real Chromium at 390 px: with unsaved changes the save bar of
 * /verfuegbarkeit stays at the screen's bottom, and a past absence is refused with a German
 * sentence (form and server), nothing stored.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { cell, desktop, phone, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("verfuegbarkeit_phone");

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function open(
  browser: Browser,
  username: string,
  screen: typeof desktop | typeof phone = phone,
): Promise<Page> {
  const context = await browser.newContext(screen);
  contexts.push(context);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, username);
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(page.getByRole("heading", { name: "Meine wöchentliche Verfügbarkeit" }))
    .toBeVisible();
  return page;
}

/** Whether the whole button lies inside the visible screen. */
async function onScreen(page: Page, name: string) {
  const box = await page.getByRole("button", { name }).boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

test.beforeAll(async () => {
  await app().createUser({ username: "paula", role: "student", first_name: "Paula" });
  await app().createUser({ username: "pia", role: "student", first_name: "Pia" });
});

test("with unsaved changes the save bar stays at the bottom of the phone's screen", async ({ browser }) => {
  const page = await open(browser, "paula");
  await expect(cell(page, "Montag 07:00")).toBeVisible();
  // Nothing changed: the bar sits in its place under the list, below the screen.
  expect(await onScreen(page, "Verfügbarkeit speichern")).toBe(false);
  await cell(page, "Montag 09:00").tap();
  await expect(cell(page, "Montag 09:00")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => onScreen(page, "Verfügbarkeit speichern")).toBe(true);
  await expect(page.getByText("Ungespeicherte Änderungen")).toBeVisible();
  await page.screenshot({ path: "test-results/verfuegbarkeit_phone_unsaved.png" });
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).tap();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  // Saved: the bar goes back to its place.
  await expect.poll(() => onScreen(page, "Verfügbarkeit speichern")).toBe(false);
});

test("a past absence (01.01.2020) is refused in German at its field; nothing is stored", async ({ browser }) => {
  const page = await open(browser, "pia", desktop);
  await page.getByRole("button", { name: "Abwesenheit hinzufügen" }).click();
  const card = page.locator(".absences-card");
  await card.getByLabel("Erster Tag").fill("01.01.2020");
  await card.getByLabel("Erster Tag").blur();
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(card.getByRole("alert").first()).toHaveText(
    "Der 01.01.2020 liegt in der Vergangenheit. Bitte geben Sie heute oder einen späteren Tag an.",
  );
  const stored = await app().sql`
    select count(*)::int as n from special_dates s join users u on u.id = s.user_id
     where u.username = 'pia'`;
  expect(stored[0].n).toBe(0);
});

test("saving an absence over lessons says how many it hits (issue 25, point 4)", async ({ browser }) => {
  const { sql } = app();
  const [student] = await sql`select id from users where username = 'pia'`;
  const teacher = await app().createUser({ username: "tara", role: "instructor", first_name: "T" });
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${student.id}, ${teacher}, 'manual',
            timestamp '2031-03-04 10:00' at time zone 'Europe/Berlin',
            timestamp '2031-03-04 11:00' at time zone 'Europe/Berlin')`;
  const page = await open(browser, "pia", desktop);
  await page.getByRole("button", { name: "Abwesenheit hinzufügen" }).click();
  const card = page.locator(".absences-card");
  await card.getByLabel("Erster Tag").fill("03.03.2031");
  await card.getByLabel("Letzter Tag").fill("05.03.2031");
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(card.getByRole("status")).toHaveText(
    "Urlaub/Abwesenheit erfolgreich gespeichert. 1 Ihrer Termine liegt in einer Abwesenheit; die Fahrschule plant ihn neu.",
  );
});
