import { type Browser, expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitPastTourStart } from "./support/tour_start.ts";
import {
  atStep,
  checklistTicks,
  closeQuestion,
  elementFound,
  expectNoAxeViolation,
  expectOnScreen,
  footerButton,
  shot,
  tooltip,
  walkTour,
  weiter,
} from "./support/admin_tour_walk.ts";

/**
 * Issue 12: the 54-step admin tour walked from the welcome dialog to 'Fertig' on a fresh school,
 * with the real test-data package, real imports and a real planning run, at 1440 px (the 390 px
 * walk and the walk run again are admin_tutorial_phone and admin_tutorial_again, so the three long
 * walks run side by side); the start checklist ticking itself; quitting, the ?-button, and axe with
 * the tour open.
 */
const app = useApp("admin_tutorial");
test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 20_000 });

test.beforeAll(async () => {
  await app().createUser({
    username: "chef",
    role: "admin",
    first_name: "Jana",
    last_name: "Krüger",
    tourSeen: false,
  });
  await app().createUser({ username: "buero", role: "admin", tourSeen: false });
});

test("desktop: the first visit starts the tour, walked to 'Fertig' on a fresh school; the checklist ticks", async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, app().baseURL, "chef");
  await expect(page).toHaveURL(/\/admin-panel$/);
  // An empty school: the start checklist, nothing ticked, the tour and the test data beside it.
  expect(await checklistTicks(page)).toEqual([
    ["vehicles", false],
    ["instructors", false],
    ["students", false],
    ["rules", false],
    ["planning", false],
  ]);
  const checklist = page.locator(".start-checklist");
  await expect(checklist.getByRole("button", { name: "Tutorial starten" })).toBeVisible();
  await expect(checklist.getByRole("button", { name: "Testdaten laden" })).toBeVisible();
  await expect(checklist.getByRole("link", { name: "Fahrzeuge anlegen" })).toHaveAttribute(
    "href",
    "/vehicles",
  );

  // About a second after the first visit the welcome dialog comes by itself.
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  await expect(welcome).toBeVisible({ timeout: 5_000 });
  await expect(welcome.getByRole("button", { name: "Tutorial starten" })).toBeFocused();
  await shot(page, "desktop-willkommen");
  await expectNoAxeViolation(page);
  await welcome.getByRole("button", { name: "Tutorial starten" }).click();
  await atStep(page, 1);
  await expect(tooltip(page)).toBeFocused();
  await expectNoAxeViolation(page);

  await walkTour(page, { set: "mittel", instructors: 10, students: 50, label: "desktop" });

  // Finished: stored on the server for this user (the tour sends it as it closes, without
  // waiting, so the row may land a moment after the last click).
  await expect.poll(async () => {
    const [{ n }] = await app().sql`
      select count(*)::int as n from tutorial_states s join users u on u.id = s.user_id
       where u.username = 'chef' and s.tour = 'admin'
    `;
    return n;
  }).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem("admin-tutorial-completed"))).toBe("true");

  // The tour's imports, its look at the rules screen and its plan ticked four items; the vehicles
  // are left.
  await page.reload();
  expect(await checklistTicks(page)).toEqual([
    ["vehicles", false],
    ["instructors", true],
    ["students", true],
    ["rules", true],
    ["planning", true],
  ]);
  await checklist.getByRole("link", { name: "Fahrzeuge anlegen" }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await page.getByRole("button", { name: "Fahrzeug hinzufügen" }).click();
  const add = page.getByRole("dialog", { name: "Neues Fahrzeug hinzufügen" });
  await add.getByLabel("Kennzeichen").fill("DO-FS 12");
  await add.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(add).toHaveCount(0);
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(page.getByRole("heading", { name: "KI-Planung" })).toBeVisible();
  // All done with the car: the checklist has gone (its rules link: start_checklist_rules.spec.ts).
  await expect(page.locator(".start-checklist")).toHaveCount(0);
  // No tour on this visit either.
  await waitPastTourStart(page);
  await expect(tooltip(page)).toHaveCount(0);
});

test("phone: another browser does not start it again; the ?-button does; quitting asks first", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "chef");
  await expect(page).toHaveURL(/\/admin-panel$/);
  // A browser that never saw the tour: the server knows it was finished.
  await waitPastTourStart(page);
  await expect(page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" })).toHaveCount(0);
  await expect(tooltip(page)).toHaveCount(0);

  // The dashboard with data fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Tutorial starten" }).first().click();
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  await expect(welcome).toBeVisible();
  await shot(page, "phone-willkommen");
  await welcome.getByRole("button", { name: "Tutorial starten" }).click();
  // The first steps at phone width: every tooltip and highlight on screen.
  for (let n = 1; n <= 4; n++) {
    await atStep(page, n);
    await elementFound(page);
    // A card that grows as its data arrives (the planner's result) is brought back into view by
    // the tour within a few hundred ms: the check waits for the settled screen.
    await expect(async () => await expectOnScreen(page, n)).toPass({ timeout: 5_000 });
    await shot(page, `phone-schritt-${n}`);
    await weiter(page).click();
  }
  await atStep(page, 5);
  await expect(weiter(page)).toBeDisabled();
  await expectNoAxeViolation(page);
  // Zurück and Weiter by keyboard.
  await tooltip(page).getByRole("button", { name: "Zurück" }).focus();
  await page.keyboard.press("Enter");
  await atStep(page, 4);

  // Escape asks the spec's question; 'Abbrechen' keeps the step.
  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog").filter({ hasText: closeQuestion });
  await expect(ask).toBeVisible();
  await shot(page, "phone-beenden-frage");
  await ask.getByRole("button", { name: "Abbrechen" }).click();
  await atStep(page, 4);
  await tooltip(page).getByRole("button", { name: "Tutorial schließen" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Beenden" }).click();
  await expect(tooltip(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin-panel$/);
  await context.close();
});

test("quitting on the first visit counts as seen: the next visit does not start it", async ({ page }) => {
  await app().createUser({ username: "neu", role: "admin", tourSeen: false });
  await loginAs(page, app().baseURL, "neu");
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  await expect(welcome).toBeVisible({ timeout: 5_000 });
  await welcome.getByRole("button", { name: "Tutorial starten" }).click();
  await atStep(page, 1);
  await tooltip(page).getByRole("button", { name: "Tutorial schließen" }).click();
  await page.getByRole("dialog").filter({ hasText: closeQuestion }).getByRole("button", {
    name: "Beenden",
  }).click();
  await expect(tooltip(page)).toHaveCount(0);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitPastTourStart(page);
  await expect(page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" })).toHaveCount(0);
  // The ?-button still starts it.
  await page.locator("[data-tutorial='help']").click();
  await expect(page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" })).toBeVisible();
});

test("a screen that reloads under the highlighted element does not leave it off the screen", async ({ browser }) => {
  await app().createUser({ username: "spaet", role: "admin" });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "spaet");
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  await page.locator("[data-tutorial='help']").click();
  await expect(welcome).toBeVisible();
  await welcome.getByRole("button", { name: "Tutorial starten" }).click();
  for (const n of [1, 2]) {
    await atStep(page, n);
    if (n === 2) {
      // The navigation bar reaches the screen's edges: its ring is drawn inside them, whole.
      await expect(page.getByTestId("tutorial-spotlight")).toBeVisible();
      const ring = (await page.getByTestId("tutorial-spotlight").boundingBox())!;
      expect(ring.y, "Markierung der Navigation oben").toBeGreaterThanOrEqual(3);
      expect(ring.x, "Markierung der Navigation links").toBeGreaterThanOrEqual(3);
      expect(ring.x + ring.width, "Markierung der Navigation rechts").toBeLessThanOrEqual(387);
    }
    await weiter(page).click();
  }
  await atStep(page, 3);
  await expectOnScreen(page, 3);
  // The dashboard reloads its data: for a moment the page is short, the browser scrolls to the
  // top, and then the sections come back.
  await page.evaluate(async () => {
    const main = document.querySelector<HTMLElement>("main")!;
    main.style.display = "none";
    // Real-world time: a reload that keeps the page short for longer than the tour's 200 ms look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    main.style.display = "";
  });
  await expect(async () => await expectOnScreen(page, 3)).toPass({ timeout: 3_000 });
  await context.close();
});

test("a ?-button click while the tour's code still loads opens the tour once it has loaded", async ({ browser }) => {
  // Seen once in CI: right after sign-in the dashboard is there before the lazily loaded tour,
  // and a click then reached no listener. Here the tour's code is held back until the click.
  await app().createUser({ username: "frueh", role: "admin" });
  // Without the service worker, whose cache would answer before the route could hold it.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  let delayed = 0;
  let release = () => {};
  const clicked = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/admin_tour-*.js", async (route) => {
    delayed++;
    await clicked;
    await route.continue();
  });
  await loginAs(page, app().baseURL, "frueh");
  await page.locator("[data-tutorial='help']").click();
  await expect.poll(() => delayed, { message: "the tour's code was held back" }).toBe(1);
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  release();
  await expect(welcome).toBeVisible({ timeout: 10_000 });
  // Only once: closing it does not bring it back from the same click.
  await welcome.getByRole("button", { name: "Tutorial überspringen" }).click();
  await expect(welcome).toHaveCount(0);
  await context.close();
});

test("a step inside a dialog leaves the dialog usable and the tooltip off its fields", async ({ browser }) => {
  // Seen walking the tour as a new admin: at step 6 ("Name und E-Mail eintragen") only the
  // dialog's button could be clicked, and the tooltip lay over the fields it asks to fill in.
  await app().createUser({ username: "formular", role: "admin" });
  for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    const phone = size.width < 640;
    const context = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    await loginAs(page, app().baseURL, "formular");
    await page.locator("[data-tutorial='help']").click();
    const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
    await welcome.getByRole("button", { name: "Tutorial starten" }).click();
    for (let n = 1; n <= 4; n++) {
      await atStep(page, n);
      await weiter(page).click();
    }
    await atStep(page, 5);
    await page.getByRole("button", { name: "Fragebogen-Link erstellen" }).click();
    await atStep(page, 6);
    const create = page.getByRole("dialog", { name: "Fragebogen-Link erstellen" });
    await expect(async () => await expectOnScreen(page, 6)).toPass({ timeout: 3_000 });
    for (const label of ["Vorname", "Nachname", "E-Mail"]) {
      const field = create.getByLabel(label, { exact: false });
      const tip = (await tooltip(page).boundingBox())!;
      const box = (await field.boundingBox())!;
      const apart = tip.x >= box.x + box.width || box.x >= tip.x + tip.width ||
        tip.y >= box.y + box.height || box.y >= tip.y + tip.height;
      expect(apart, `${size.width} px: der Tooltip liegt über „${label}“`).toBe(true);
      // A real click (Playwright fails it when something else would receive it).
      await field.click({ timeout: 3_000 });
      await field.fill(label === "E-Mail" ? "lena@example.org" : "Lena");
    }
    await shot(page, `dialog-schritt-6-${size.width}`);
    await create.getByRole("button", { name: "Link erstellen" }).click();
    await atStep(page, 7);
    // A dialog with nothing to fill in (the link to copy) keeps the step's whole text in sight.
    await expect(tooltip(page).locator("#tutorial-text")).toBeVisible();
    await expect(async () => await expectOnScreen(page, 7)).toPass({ timeout: 3_000 });
    await shot(page, `dialog-schritt-7-${size.width}`);
    await context.close();
  }
});

/**
 * A new admin starts the tour with the ?-button and walks it to 'Link erstellen' at step 6 for
 * a student "Lena <lastName>"; the link dialog is on its way (step 7 follows).
 */
async function linkDialogAtStep7(browser: Browser, username: string, lastName: string) {
  await app().createUser({ username: username, role: "admin" });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, username);
  await page.locator("[data-tutorial='help']").click();
  await page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" })
    .getByRole("button", { name: "Tutorial starten" }).click();
  for (let n = 1; n <= 4; n++) {
    await atStep(page, n);
    await weiter(page).click();
  }
  await atStep(page, 5);
  await page.getByRole("button", { name: "Fragebogen-Link erstellen" }).click();
  await atStep(page, 6);
  const create = page.getByRole("dialog", { name: "Fragebogen-Link erstellen" });
  await create.getByLabel("Vorname", { exact: false }).fill("Lena");
  await create.getByLabel("Nachname", { exact: false }).fill(lastName);
  await create.getByLabel("E-Mail", { exact: false }).fill(`lena.${username}@example.org`);
  await create.getByRole("button", { name: "Link erstellen" }).click();
  const link = page.getByRole("dialog", { name: "Fragebogen-Link" });
  return { context, page, link };
}

test("the link dialog: the next step shows at once, and closing it early does not lock the tour", async ({ browser }) => {
  // Issue 25: after 'Link erstellen' no tooltip showed for 1.5-2 s, and a link dialog closed in
  // that moment (or at step 7) left step 8 waiting for ever for a dialog that was gone.
  const { context, page, link } = await linkDialogAtStep7(browser, "link", "Früh");
  await expect(link).toContainText("30 Tage gültig");
  await expect(tooltip(page).getByText("Schritt 7 von 54")).toBeVisible();
  // That step 7 follows at the tour's next look instead of 1,500 ms later is the engine's
  // unit test (tutorial.test.tsx, `advanceMs: 0`): a time limit here failed on the loaded CI
  // machine (speed is measured in benches, never asserted in tests).
  // The office reads the step, whose highlight is on the link, before it closes the dialog. (CI,
  // loaded, once closed it before the tour's look had found the link: step 7 then waited for an
  // element that was gone. A person does not close a dialog within the tour's 200 ms look; the
  // engine not noticing it then is noted on issue 25.)
  await elementFound(page);
  await expect(async () => await expectOnScreen(page, 7)).toPass({ timeout: 3_000 });

  // The office closes the link dialog at step 7 rather than pressing Weiter: the tour goes on
  // past step 8 ("Fenster schließen"), whose work is done.
  await footerButton(link, "Fertig").click();
  await expect(link).toHaveCount(0);
  await atStep(page, 9);
  await elementFound(page);
  await expect(async () => await expectOnScreen(page, 9)).toPass({ timeout: 3_000 });
  await shot(page, "link-frueh-geschlossen-schritt-9");

  // Back at step 8 with the dialog gone: Weiter is free, the step does not lock.
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await atStep(page, 8);
  await expect(weiter(page)).toBeEnabled({ timeout: 3_000 });
  await weiter(page).click();
  await atStep(page, 9);
  await context.close();
});

/**
 * Step `n` points into a dialog that is closed now: it shows its text without a highlight, says
 * so, and Weiter is free - never "Einen Moment" for an element that cannot come back by itself.
 */
async function closedDialogStep(page: Page, n: number, text: string) {
  await atStep(page, n);
  await expect(tooltip(page)).toContainText(text);
  await expect(tooltip(page).locator(".tutorial-waiting")).toHaveCount(0, { timeout: 2_000 });
  await expect(tooltip(page)).toContainText("Das Fenster zu diesem Schritt ist schon geschlossen");
  await expect(weiter(page)).toBeEnabled();
  await expect(page.getByTestId("tutorial-spotlight")).toHaveCount(0);
  await expect(async () => await expectOnScreen(page, n)).toPass({ timeout: 3_000 });
}

test("Zurück to a step whose dialog is closed shows its text, never an endless 'Einen Moment'", async ({ browser }) => {
  // Seen after the fix for step 8: the link dialog closed early, Zurück from step 8 to step 7
  // showed "Einen Moment, die Ansicht wird geladen …" for ever.
  test.setTimeout(120_000);
  const { context, page, link } = await linkDialogAtStep7(browser, "zurueck", "Zurück");
  await atStep(page, 7);
  await elementFound(page);

  // The form of step 6 gave way to the link dialog: Zurück shows step 6's text over it.
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await closedDialogStep(page, 6, "Tragen Sie Vorname, Nachname und E-Mail-Adresse ein");
  await expect(link).toBeVisible();
  await shot(page, "zurueck-schritt-6-formular-zu-1440");
  await weiter(page).click();
  await atStep(page, 7);
  await elementFound(page);
  await expect(page.getByTestId("tutorial-spotlight")).toBeVisible();

  // The link dialog closed early: the tour went on to step 9; back through 8 to 7 and 6.
  await footerButton(link, "Fertig").click();
  await atStep(page, 9);
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await closedDialogStep(page, 8, "Schließen Sie das Fenster");
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await closedDialogStep(page, 7, "Kopieren Sie den Link");
  await shot(page, "zurueck-schritt-7-link-zu-1440");
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await closedDialogStep(page, 6, "Tragen Sie Vorname");
  // Forward again: step 7 as well, then step 8 whose work is done moves on by itself.
  await weiter(page).click();
  await closedDialogStep(page, 7, "Kopieren Sie den Link");
  await weiter(page).click();
  await atStep(page, 9);
  await elementFound(page);

  // The test-data overview closed at step 17 (before its ZIP): on to 19; back to 18 and 17.
  for (let n = 9; n <= 14; n++) {
    await atStep(page, n);
    await weiter(page).click();
  }
  await atStep(page, 15);
  await elementFound(page);
  await weiter(page).click();
  await atStep(page, 16);
  await page.getByRole("button", { name: "Testdaten herunterladen" }).click();
  await atStep(page, 17);
  await elementFound(page);
  await weiter(page).click();
  await atStep(page, 18);
  await elementFound(page);
  await footerButton(page.getByRole("dialog", { name: "Testdaten herunterladen" }), "Schließen")
    .click();
  await atStep(page, 20);
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await closedDialogStep(page, 19, "Schließen Sie die Übersicht");
  await tooltip(page).getByRole("button", { name: "Zurück" }).click();
  await closedDialogStep(page, 18, "Laden Sie das ZIP herunter");
  await context.close();
});
