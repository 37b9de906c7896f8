import { mkdirSync, readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { axeViolations } from "./axe.ts";

/**
 * The admin tour walked as an office walks it (issue 12): what each of the 54 steps asks, done on
 * the real screens, with checks that the tooltip is on screen and covers nothing it points at.
 * Shared by the admin-tutorial specs, which run side by side on their own apps.
 */

// Screenshots of the steps for a person to look at (E2E_SHOTS=dir).
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
export async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

export const closeQuestion =
  "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.";
export const stepCount = 54;

export const tooltip = (page: Page) => page.locator(".tutorial-tooltip");
export const weiter = (page: Page) =>
  tooltip(page).getByRole("button", { name: /^(Weiter|Fertig)$/ });
export const footerButton = (dialog: Locator, name: string) =>
  dialog.locator(".modal-footer").getByRole("button", { name, exact: true });

export async function download(page: Page, click: () => Promise<void>): Promise<Uint8Array> {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return new Uint8Array(readFileSync((await file.path())!));
}

/** The tooltip is fully on screen, and the highlighted element is (as far as it fits). */
export async function expectOnScreen(page: Page, step: number) {
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
export async function expectNotCovered(page: Page, step: number) {
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
 * Issue 25: the tooltip lies over none of `what` (the part of the screen the step asks the user
 * to read or move), as far as it is on the screen: a table row counts up to the edges of the
 * dialog body or table it scrolls in.
 */
export async function expectTooltipOff(page: Page, what: Locator, label: string) {
  const t = (await tooltip(page).boundingBox())!;
  const view = page.viewportSize()!;
  const boxes = await what.evaluateAll((elements) =>
    elements.map((e) => {
      let { left, top, right, bottom } = e.getBoundingClientRect();
      for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { x: left, y: top, width: right - left, height: bottom - top };
    })
  );
  const shown = boxes.filter((b) =>
    b.width > 0 && b.height > 0 && b.y < view.height && b.y + b.height > 0 && b.x < view.width
  );
  expect(shown.length, `${label}: nichts zu sehen`).toBeGreaterThan(0);
  for (const b of shown) {
    const apart = t.x >= b.x + b.width || b.x >= t.x + t.width || t.y >= b.y + b.height ||
      b.y >= t.y + t.height;
    expect(apart, `${label}: der Tooltip liegt darüber`).toBe(true);
  }
}

export async function expectNoAxeViolation(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Step `n` (1-based) is shown. */
export async function atStep(page: Page, n: number) {
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
export async function elementFound(page: Page) {
  await expect(tooltip(page).locator(".tutorial-waiting")).toHaveCount(0, { timeout: 20_000 });
}

/** Weiter is disabled until the condition holds; `act` makes it hold and the tour moves on. */
export async function conditionStep(
  page: Page,
  n: number,
  act: () => Promise<void>,
  timeout = 30_000,
) {
  await expect(weiter(page)).toBeDisabled();
  await act();
  await expect(tooltip(page).getByText(`Schritt ${n + 1} von ${stepCount}`)).toBeVisible({
    timeout,
  });
}

export interface Walk {
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
export async function walkTour(page: Page, walk: Walk) {
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
    if (page.viewportSize()!.width < 640 && (n === 22 || n === 26) && !walk.existing) {
      // On a phone the preview fills the screen: the tooltip still leaves its rows in sight.
      const title = n === 22 ? "Fahrlehrer importieren" : "Fahrschüler importieren";
      const rows = page.getByRole("dialog", { name: title }).locator("tbody tr");
      await expect(async () => await expectTooltipOff(page, rows, `Schritt ${n}`))
        .toPass({ timeout: 5_000 });
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
export async function checklistTicks(page: Page) {
  const card = page.locator(".start-checklist");
  await expect(card).toBeVisible();
  return await card.locator("li").evaluateAll((items) =>
    items.map((li) => [li.getAttribute("data-item"), li.classList.contains("is-done")])
  );
}
