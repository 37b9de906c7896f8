import { readFileSync } from "node:fs";
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitPastTourStart } from "./support/tour_start.ts";

/**
 * Issue 12: the 54-step admin tour walked from the welcome dialog to 'Fertig' on a fresh school,
 * with the real test-data package, real imports and a real planning run, at 1440 px and at 390 px;
 * the start checklist ticking itself; quitting, the ?-button, and axe with the tour open.
 */
const app = useApp("admin_tutorial");
test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 20_000 });

// Screenshots of the steps for a person to look at (E2E_SHOTS=dir).
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

const closeQuestion =
  "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.";
const stepCount = 54;

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

const tooltip = (page: Page) => page.locator(".tutorial-tooltip");
const weiter = (page: Page) => tooltip(page).getByRole("button", { name: /^(Weiter|Fertig)$/ });
const footerButton = (dialog: Locator, name: string) =>
  dialog.locator(".modal-footer").getByRole("button", { name, exact: true });

async function download(page: Page, click: () => Promise<void>): Promise<Uint8Array> {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return new Uint8Array(readFileSync((await file.path())!));
}

/** The tooltip is fully on screen, and the highlighted element is (as far as it fits). */
async function expectOnScreen(page: Page, step: number) {
  const view = page.viewportSize()!;
  const tip = await tooltip(page).boundingBox();
  if (!tip) throw new Error(`Schritt ${step}: kein Tooltip zu sehen`);
  expect(tip.x, `Schritt ${step}: Tooltip links`).toBeGreaterThanOrEqual(0);
  expect(tip.y, `Schritt ${step}: Tooltip oben`).toBeGreaterThanOrEqual(0);
  expect(tip.x + tip.width, `Schritt ${step}: Tooltip rechts`).toBeLessThanOrEqual(view.width + 1);
  expect(tip.y + tip.height, `Schritt ${step}: Tooltip unten`).toBeLessThanOrEqual(
    view.height + 1,
  );
  const spot = page.getByTestId("tutorial-spotlight");
  if (await spot.count() === 0) return;
  const box = await spot.boundingBox();
  if (!box) throw new Error(`Schritt ${step}: Markierung verschwunden`);
  const slack = 8; // the spotlight's padding around the element
  expect(box.x, `Schritt ${step}: Markierung links`).toBeGreaterThanOrEqual(-slack);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (pageWidth > view.width) {
    // The screen itself is wider than the phone (not the tour's doing): noted, not failed.
    test.info().annotations.push({
      type: "Seite breiter als der Bildschirm",
      description: `Schritt ${step}: ${page.url()} ist ${pageWidth} px breit`,
    });
  } else {
    expect(box.x + box.width, `Schritt ${step}: Markierung rechts`).toBeLessThanOrEqual(
      view.width + slack,
    );
  }
  if (box.height <= view.height) {
    expect(box.y, `Schritt ${step}: Markierung oben`).toBeGreaterThanOrEqual(-slack);
    expect(box.y + box.height, `Schritt ${step}: Markierung unten`).toBeLessThanOrEqual(
      view.height + slack,
    );
  } else {
    // Taller than the screen: most of the screen shows it.
    const shown = Math.min(box.y + box.height, view.height) - Math.max(box.y, 0);
    expect(shown, `Schritt ${step}: sichtbarer Teil`).toBeGreaterThanOrEqual(view.height * 0.8);
  }
}

/**
 * An element that fits on the screen together with its tooltip (or nearly: the tooltip may lie
 * over its lowest 64 px) is not covered further by it. Steps in a page dialog have their own rule
 * (the dialog test below).
 */
async function expectNotCovered(page: Page, step: number) {
  const spot = page.getByTestId("tutorial-spotlight");
  if (await spot.count() === 0 || await page.locator(".modal-overlay").count() > 0) return;
  const s = (await spot.boundingBox())!;
  const t = (await tooltip(page).boundingBox())!;
  const view = page.viewportSize()!;
  const header = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
  );
  const element = s.height - 12; // the spotlight's room around the element
  if (element + t.height + 20 > view.height - header + 64) return;
  // The last section of a page cannot be scrolled up further than the page ends.
  const atEnd = await page.evaluate(() =>
    scrollY + innerHeight >= document.documentElement.scrollHeight - 1
  );
  if (atEnd && t.y > s.y) return;
  const overlapX = Math.min(s.x + s.width, t.x + t.width) - Math.max(s.x, t.x);
  const overlapY = Math.min(s.y + s.height, t.y + t.height) - Math.max(s.y, t.y);
  if (overlapX > 0) {
    expect(overlapY, `Schritt ${step}: Tooltip über der Markierung`).toBeLessThan(80);
  }
}

/**
 * Issue 25: on a desktop the tooltip lies over none of `what` (the part of the screen the step
 * asks the user to read or move), as far as it is on the screen.
 */
async function expectTooltipOff(page: Page, what: Locator, label: string) {
  const t = (await tooltip(page).boundingBox())!;
  const view = page.viewportSize()!;
  const boxes = await what.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    })
  );
  const shown = boxes.filter((b) =>
    b.width > 0 && b.y < view.height && b.y + b.height > 0 && b.x < view.width
  );
  expect(shown.length, `${label}: nichts zu sehen`).toBeGreaterThan(0);
  for (const b of shown) {
    const apart = t.x >= b.x + b.width || b.x >= t.x + t.width || t.y >= b.y + b.height ||
      b.y >= t.y + t.height;
    expect(apart, `${label}: der Tooltip liegt darüber`).toBe(true);
  }
}

async function expectNoAxeViolation(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Step `n` (1-based) is shown. */
async function atStep(page: Page, n: number) {
  await expect(tooltip(page).getByText(`Schritt ${n} von ${stepCount}`)).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * The step has found its element. Until then the tooltip stands free ("Einen Moment, die Ansicht
 * wird geladen") and jumps to the element once found, 300 ms after a navigation or when a slow
 * screen shows it: a click on Weiter in that moment could land on the page that comes to lie
 * under the old spot (seen at 390 px on /instructors, step 29).
 */
async function elementFound(page: Page) {
  await expect(tooltip(page).locator(".tutorial-waiting")).toHaveCount(0, { timeout: 20_000 });
}

/** Weiter is disabled until the condition holds; `act` makes it hold and the tour moves on. */
async function conditionStep(page: Page, n: number, act: () => Promise<void>, timeout = 30_000) {
  await expect(weiter(page)).toBeDisabled();
  await act();
  await expect(tooltip(page).getByText(`Schritt ${n + 1} von ${stepCount}`)).toBeVisible({
    timeout,
  });
}

interface Walk {
  set: string;
  instructors: number;
  students: number;
  label: string;
  /** the set's people exist already (the tour run again): the import steps are skipped */
  existing?: boolean;
  /** at step 48 the office removes the test data (and only it) with "Testdaten entfernen" */
  removeTestData?: boolean;
}

/** Walks the tour from step 1 to 'Fertig' doing what each step asks on the real screens. */
async function walkTour(page: Page, walk: Walk) {
  let files: Record<string, Uint8Array> = {};
  const importFile = async (kind: "instructors" | "students", name: string) => {
    await page.getByTestId(`import-file-${kind}`).setInputFiles({
      name,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(files[name]),
    });
  };
  const closeCredentials = async () => {
    const creds = page.getByRole("dialog", { name: "Zugangsdaten" });
    await footerButton(creds, "Fertig").click();
    // Not downloaded: the page asks first; the tour steps aside meanwhile.
    const ask = page.getByRole("dialog", { name: "Zugangsdaten schließen?" });
    await expect(tooltip(page)).toHaveCount(0);
    await footerButton(ask, "Schließen").click();
  };

  for (let n = 1; n <= stepCount; n++) {
    await atStep(page, n);
    await elementFound(page);
    // The screen a user sees: cards that load while a step is shown (the planner's pushed result
    // at step 38, the dashboard's cards after a navigation) move the element, and the tour brings
    // it back within a frame; the check looks at the settled screen, not at that frame.
    // The bound is generous for a slow CI machine; on a quiet one the screen settles in a frame.
    await expect(async () => await expectOnScreen(page, n)).toPass({ timeout: 15_000 });
    await expect(async () => await expectNotCovered(page, n)).toPass({ timeout: 15_000 });
    if (page.viewportSize()!.width >= 1440) {
      // What the dialog steps ask to read, and the rules' sliders, stay in sight (issue 25).
      const column = (title: string, nth: number) =>
        page.getByRole("dialog", { name: title }).locator(
          `tr > :nth-child(${nth})`,
        );
      if ((n === 22 || n === 26) && !walk.existing) {
        const title = n === 22 ? "Fahrlehrer importieren" : "Fahrschüler importieren";
        await expect(async () => await expectTooltipOff(page, column(title, 5), `Schritt ${n}`))
          .toPass({ timeout: 5_000 });
      }
      if (n === 24) {
        await expect(async () =>
          await expectTooltipOff(page, column("Zugangsdaten", 1), `Schritt ${n}`)
        ).toPass({ timeout: 5_000 });
      }
      if (n === 34) {
        await expect(async () =>
          await expectTooltipOff(page, page.locator("input[type=range]"), `Schritt ${n}`)
        ).toPass({ timeout: 5_000 });
      }
    }
    if ([1, 2, 4, 6, 16, 17, 21, 22, 24, 26, 28, 33, 34, 36, 38, 39, 43, 47, 48, 54].includes(n)) {
      await shot(page, `${walk.label}-schritt-${String(n).padStart(2, "0")}`);
    }
    const dialog = (name: string) => page.getByRole("dialog", { name });
    switch (n) {
      case 5:
        await conditionStep(
          page,
          n,
          () => page.getByRole("button", { name: "Fragebogen-Link erstellen" }).click(),
        );
        break;
      case 6:
        await conditionStep(page, n, async () => {
          const create = dialog("Fragebogen-Link erstellen");
          await create.getByLabel("Vorname", { exact: false }).fill("Lena");
          await create.getByLabel("Nachname", { exact: false }).fill(walk.label);
          await create.getByLabel("E-Mail", { exact: false }).fill(
            `lena.${walk.label}@example.org`,
          );
          await create.getByRole("button", { name: "Link erstellen" }).click();
        });
        break;
      case 8:
        await conditionStep(
          page,
          n,
          () => footerButton(dialog("Fragebogen-Link"), "Fertig").click(),
        );
        break;
      case 16:
        await conditionStep(
          page,
          n,
          () => page.getByRole("button", { name: "Testdaten herunterladen" }).click(),
        );
        break;
      case 18:
        files = unzipSync(
          await download(
            page,
            () =>
              dialog("Testdaten herunterladen").getByRole("link", { name: "ZIP herunterladen" })
                .click(),
          ),
        );
        await weiter(page).click();
        break;
      case 19:
        await conditionStep(
          page,
          n,
          () => footerButton(dialog("Testdaten herunterladen"), "Schließen").click(),
        );
        break;
      case 20:
        await conditionStep(page, n, async () => {
          await download(
            page,
            () =>
              page.locator("#import-fahrlehrer").getByRole("link", {
                name: "Vorlage herunterladen",
              }).click(),
          );
        });
        break;
      case 21:
        await conditionStep(
          page,
          n,
          () => importFile("instructors", `testdaten-${walk.set}-fahrlehrer.xlsx`),
        );
        break;
      case 22:
      case 26:
        if (walk.existing) {
          // Nothing to import: Weiter is free, the tooltip says why, and it skips the result's
          // steps once the preview is closed.
          const preview = dialog(n === 22 ? "Fahrlehrer importieren" : "Fahrschüler importieren");
          await expect(preview).toContainText("Es wird niemand neu angelegt");
          await expect(tooltip(page)).toContainText("schon angelegt");
          await expect(weiter(page)).toBeEnabled();
          await shot(page, `${walk.label}-schritt-${n}-schon-da`);
          await footerButton(preview, "Abbrechen").click();
          await expect(preview).toHaveCount(0);
          await weiter(page).click();
          n = n === 22 ? 24 : 27;
          break;
        }
        await expect(weiter(page)).toBeDisabled();
        await dialog(n === 22 ? "Fahrlehrer importieren" : "Fahrschüler importieren")
          .getByRole("button", { name: "Importieren" }).click();
        await expect(dialog("Import abgeschlossen")).toContainText(
          `${n === 22 ? walk.instructors : walk.students} ${
            n === 22 ? "Fahrlehrer" : "Fahrschüler"
          } importiert.`,
          { timeout: 60_000 },
        );
        await atStep(page, n + 1);
        break;
      case 23:
        await conditionStep(
          page,
          n,
          () =>
            dialog("Import abgeschlossen").getByRole("button", { name: "Zugangsdaten anzeigen" })
              .click(),
        );
        break;
      case 24:
        await conditionStep(page, n, closeCredentials);
        break;
      case 25:
        await conditionStep(
          page,
          n,
          () => importFile("students", `testdaten-${walk.set}-fahrschueler.xlsx`),
        );
        break;
      case 27:
        await expect(weiter(page)).toBeDisabled();
        await dialog("Import abgeschlossen").getByRole("button", { name: "Zugangsdaten anzeigen" })
          .click();
        await conditionStep(page, n, closeCredentials);
        break;
      case 37:
        await conditionStep(
          page,
          n,
          () => page.getByRole("button", { name: "KI-Planung starten" }).click(),
        );
        break;
      case 48:
        if (walk.removeTestData) {
          const card = page.getByRole("region", { name: "Datenverwaltung" });
          await card.getByRole("button", { name: "Testdaten entfernen" }).click();
          const ask = dialog("Testdaten entfernen");
          await expect(ask).toContainText(
            "Ihre echten Fahrlehrer und Fahrschüler bleiben erhalten",
          );
          // The tour steps aside while the page asks.
          await expect(tooltip(page)).toHaveCount(0);
          await shot(page, `${walk.label}-schritt-48-frage`);
          await ask.getByLabel(/Geben Sie zur Bestätigung/).fill("Ja, unwiderruflich löschen");
          await ask.getByRole("button", { name: "Endgültig löschen" }).click();
          await expect(page.getByRole("status").filter({ hasText: "Testdaten entfernt:" }))
            .toBeVisible({ timeout: 20_000 });
          await atStep(page, 48);
          await shot(page, `${walk.label}-schritt-48-entfernt`);
        }
        await weiter(page).click();
        break;
      case 38:
        // The real planning run: the tour moves on by itself at its success. (Weiter disabled
        // meanwhile is not looked at here: the card's push brings a small school's result in
        // milliseconds, often before this line could look; tutorial.test.tsx covers it.)
        await expect(page.locator(".planner-progress.planner-success")).toBeVisible({
          timeout: 180_000,
        });
        await atStep(page, 39);
        break;
      default:
        await expect(weiter(page)).toBeEnabled();
        await weiter(page).click();
    }
  }
  await expect(tooltip(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin-panel$/);
}

/** The checklist's items as [label, done]. */
async function checklistTicks(page: Page) {
  const card = page.locator(".start-checklist");
  await expect(card).toBeVisible();
  return await card.locator("li").evaluateAll((items) =>
    items.map((li) => [li.getAttribute("data-item"), li.classList.contains("is-done")])
  );
}

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

  // The tour's imports and plan ticked three items; vehicles and rules are left.
  await page.reload();
  expect(await checklistTicks(page)).toEqual([
    ["vehicles", false],
    ["instructors", true],
    ["students", true],
    ["rules", false],
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
  expect((await checklistTicks(page))[0]).toEqual(["vehicles", true]);
  await checklist.getByRole("link", { name: "Regeln prüfen" }).click();
  await expect(page).toHaveURL(/\/constraints-settings$/);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(/Einstellungen gespeichert!/)).toBeVisible();
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(page.getByRole("heading", { name: "KI-Planung" })).toBeVisible();
  // All done: the checklist has gone.
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

test("phone: a new admin walks the whole tour at 390 px", async ({ browser }) => {
  test.setTimeout(420_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "buero");
  // The school's real people, there before the tour (issue 25: its clean-up used to say to
  // delete all students and instructors).
  await app().createUser({ username: "echt.lehrer", role: "instructor", last_name: "Echt" });
  await app().createUser({ username: "echt.schueler", role: "student", last_name: "Echt" });
  const welcome = page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" });
  await expect(welcome).toBeVisible({ timeout: 5_000 });
  await welcome.getByRole("button", { name: "Tutorial starten" }).click();
  await walkTour(page, {
    set: "klein",
    instructors: 5,
    students: 10,
    label: "phone",
    removeTestData: true,
  });
  // Only the package's people went (those of both walks); the real ones and the admins stayed.
  const left = await app().sql`
    select username, role from users where role <> 'admin' order by username
  `;
  expect(left.map((r) => r.username)).toEqual(["echt.lehrer", "echt.schueler"]);
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

test("the tour run again on a school that has the test data: the import steps let it go on", async ({ browser }) => {
  // Seen walking it a second time: every row of the file existed, 'Importieren' was disabled,
  // and so was Weiter, waiting for an import that could not happen.
  await app().createUser({ username: "nochmal", role: "admin" });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "nochmal");
  // The set 'klein' imported beforehand, as by an earlier run of the tour.
  const zip = unzipSync(
    new Uint8Array(
      await (await page.request.get(`${app().baseURL}/api/admin/download/testdaten/`)).body(),
    ),
  );
  for (
    const [kind, file, title] of [
      ["instructors", "testdaten-klein-fahrlehrer.xlsx", "Fahrlehrer importieren"],
      ["students", "testdaten-klein-fahrschueler.xlsx", "Fahrschüler importieren"],
    ] as const
  ) {
    await page.getByTestId(`import-file-${kind}`).setInputFiles({
      name: file,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(zip[file]),
    });
    const preview = page.getByRole("dialog", { name: title });
    // The phone's walk above imported the set already when the whole file runs; alone, this
    // test imports it here.
    await expect(preview).toContainText("Zeilen in der Datei");
    if ((await preview.textContent())!.includes("Es wird niemand neu angelegt")) {
      await footerButton(preview, "Abbrechen").click();
      continue;
    }
    await footerButton(preview, "Importieren").click();
    const done = page.getByRole("dialog", { name: "Import abgeschlossen" });
    await expect(done).toContainText("importiert.", { timeout: 60_000 });
    await done.getByRole("button", { name: "Zugangsdaten anzeigen" }).click();
    await footerButton(page.getByRole("dialog", { name: "Zugangsdaten" }), "Fertig").click();
    await footerButton(page.getByRole("dialog", { name: "Zugangsdaten schließen?" }), "Schließen")
      .click();
  }
  await page.locator("[data-tutorial='help']").click();
  await page.getByRole("dialog", { name: "Willkommen bei Fahrplan!" })
    .getByRole("button", { name: "Tutorial starten" }).click();
  await walkTour(page, {
    set: "klein",
    instructors: 5,
    students: 10,
    label: "nochmal",
    existing: true,
  });
  await context.close();
});

test("the link dialog: the next step shows at once, and closing it early does not lock the tour", async ({ browser }) => {
  // Issue 25: after 'Link erstellen' no tooltip showed for 1.5-2 s, and a link dialog closed in
  // that moment (or at step 7) left step 8 waiting for ever for a dialog that was gone.
  await app().createUser({ username: "link", role: "admin" });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "link");
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
  await create.getByLabel("Nachname", { exact: false }).fill("Früh");
  await create.getByLabel("E-Mail", { exact: false }).fill("lena.frueh@example.org");
  // The browser notes when the link dialog shows and when step 7's tooltip does, as the page
  // changes (the server's answer before the dialog is not the tour's doing).
  await page.evaluate(() => {
    const seen: { dialog?: number; tip?: number } = {};
    Object.assign(globalThis, { linkSeen: seen });
    const look = () => {
      const now = performance.now();
      const dialogs = [...document.querySelectorAll(".modal")];
      if (!seen.dialog && dialogs.some((d) => d.textContent?.includes("30 Tage gültig"))) {
        seen.dialog = now;
      }
      const tip = document.querySelector(".tutorial-tooltip")?.textContent ?? "";
      if (!seen.tip && tip.includes("Schritt 7 von")) seen.tip = now;
      if (seen.tip) watcher.disconnect();
    };
    const watcher = new MutationObserver(look);
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await create.getByRole("button", { name: "Link erstellen" }).click();
  const link = page.getByRole("dialog", { name: "Fragebogen-Link" });
  await expect(link).toContainText("30 Tage gültig");
  await expect(tooltip(page).getByText("Schritt 7 von 54")).toBeVisible();
  const gap = await page.evaluate(() => {
    const { linkSeen } = globalThis as unknown as { linkSeen: { dialog: number; tip: number } };
    return Math.round(linkSeen.tip - linkSeen.dialog);
  });
  test.info().annotations.push({ type: "Lücke nach „Link erstellen“", description: `${gap} ms` });
  // Real-world time: one look of the tour (every 200 ms) and a few frames on a busy machine;
  // the tour used to wait 1,500 ms on top.
  expect(gap, "ms ohne Tooltip, nachdem der Link erschien").toBeLessThan(800);
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
