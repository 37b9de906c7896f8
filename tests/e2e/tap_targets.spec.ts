/**
 * Issue 25 (user walk): touch targets of at least 44 px on the phone, shown on the sticky
 * "Verfügbarkeit speichern" (40 px before), and radio buttons that are comfortable to click at
 * 1440 px with a mouse (the "Alle Termine / Nur zukünftige Termine" choice in Datenverwaltung).
 */
import { type BrowserContext, expect, type Locator, test } from "@playwright/test";
import { phone, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("tap_targets");

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test.beforeAll(async () => {
  await app().createUser({ username: "ivo", role: "instructor", first_name: "Ivo" });
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "visible").not.toBeNull();
  return found!;
}

test("on the phone the sticky save button of /verfuegbarkeit is at least 44 px high", async ({ browser }) => {
  const context = await browser.newContext(phone);
  contexts.push(context);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "ivo");
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await page.locator(".availability-hour").first().tap();
  const bar = page.locator(".availability-actions.is-unsaved");
  await expect(bar).toBeVisible();
  const save = bar.getByRole("button", { name: "Verfügbarkeit speichern" });
  expect(Math.round((await box(save)).height)).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: "test-results/tap_targets_save_390.png" });
});

test("at 1440 px the appointments' radio buttons are comfortable to click, by their label too", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: "block",
  });
  contexts.push(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "chefin");
  await page.goto(`${app().baseURL}/admin-panel`);
  const card = page.getByRole("region", { name: "Datenverwaltung" });
  const future = card.locator("label.radio").filter({ hasText: "Nur zukünftige Termine" });
  await future.scrollIntoViewIfNeeded();
  // A row of at least 32 px to aim at, a box of at least 18 px (17 px before, 22 px label).
  expect(Math.round((await box(future)).height)).toBeGreaterThanOrEqual(32);
  const radio = card.getByRole("radio", { name: "Nur zukünftige Termine" });
  expect(Math.round((await box(radio)).width)).toBeGreaterThanOrEqual(18);
  // A click on the words, not the box, chooses it.
  await future.getByText("Nur zukünftige Termine").click();
  await expect(radio).toBeChecked();
  await card.getByText("Alle Termine", { exact: true }).click();
  await expect(card.getByRole("radio", { name: "Alle Termine" })).toBeChecked();
  await card.screenshot({ path: "test-results/tap_targets_radios_1440.png" });
});
