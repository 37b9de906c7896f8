import { mkdirSync } from "node:fs";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { desktop, phone } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitPastTourStart } from "./support/tour_start.ts";

/**
 * Issue 12: every tour but the admin's (which has admin_tutorial.spec.ts) on the one engine:
 * the student and instructor tours remembered on the server, the student-list tour on /students,
 * and the questionnaire demo's tour, which is kept on the device only and sends nothing.
 */
const app = useApp("tours");
test.describe.configure({ mode: "serial" });

const closeQuestion =
  "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.";

// Screenshots of the steps for a person to look at (E2E_SHOTS=dir).
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

async function expectNoAxeViolation(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The tooltip and its highlight lie within the screen. */
async function expectOnScreen(page: Page, tip: Locator, label: string) {
  const view = page.viewportSize()!;
  const box = (await tip.boundingBox())!;
  expect(box.x, `${label}: Tooltip links`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${label}: Tooltip oben`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${label}: Tooltip rechts`).toBeLessThanOrEqual(view.width + 1);
  expect(box.y + box.height, `${label}: Tooltip unten`).toBeLessThanOrEqual(view.height + 1);
  const spot = page.getByTestId("tutorial-spotlight");
  if (await spot.count() === 0) return;
  const s = (await spot.boundingBox())!;
  expect(s.x, `${label}: Markierung links`).toBeGreaterThanOrEqual(-8);
  expect(s.x + s.width, `${label}: Markierung rechts`).toBeLessThanOrEqual(view.width + 8);
}

/** Walks a tour from step 1 to its last, checking each step; ends on the last step. */
async function walk(page: Page, tip: Locator, count: number, name: string) {
  for (let n = 1; n <= count; n++) {
    await expect(tip).toContainText(`Schritt ${n} von ${count}`);
    // Focus sits in the tooltip, so the keyboard works the tour at once.
    await expect(tip).toBeFocused();
    await expect(page.getByText("Einen Moment, die Ansicht wird geladen")).toHaveCount(0);
    await expectOnScreen(page, tip, `${name} Schritt ${n}`);
    await shot(page, `${name}-schritt-${n}`);
    if (n < count) await tip.getByRole("button", { name: "Weiter" }).click();
  }
}

async function tourState(username: string) {
  return (await app().sql`
    select t.tour from tutorial_states t join users u on u.id = t.user_id
    where u.username = ${username} order by 1
  `).map((r) => r.tour as string);
}

async function signedIn(browser: Browser, options: typeof desktop | typeof phone, user: string) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, user);
  return { context, page };
}

test.beforeAll(async () => {
  await app().createUser({ username: "leer", role: "admin", first_name: "Lea" });
  await app().createUser({ username: "liste", role: "admin", first_name: "Lisa" });
  // Both admins know the admin tour; the student-list tour is still new to them.
  await app().sql`delete from tutorial_states where tour = 'student_list'`;
});

// First: no student exists yet.
test("student list, empty, at 390 px: the tour points only at what the screen has", async ({ browser }) => {
  const { context, page } = await signedIn(browser, phone, "leer");
  await page.goto(`${app().baseURL}/students`);
  await expect(page.getByText("Keine Fahrschüler gefunden")).toBeVisible();
  const tip = page.getByRole("dialog", { name: "Tutorial zur Fahrschülerliste" });
  await expect(tip).toContainText("Schritt 1 von 4");
  await expectNoAxeViolation(page);
  await walk(page, tip, 4, "liste-leer-390");
  // No row to open and nothing to sort: step 2 points at the empty list instead.
  await tip.getByRole("button", { name: "Zurück" }).click();
  await tip.getByRole("button", { name: "Zurück" }).click();
  await expect(tip).toContainText("Schritt 2 von 4");
  await expect(tip).toContainText(/keine Fahrschüler/i);
  for (const n of [3, 4]) {
    await tip.getByRole("button", { name: "Weiter" }).click();
    await expect(tip).toContainText(`Schritt ${n} von 4`);
  }
  await tip.getByRole("button", { name: "Fertig" }).click();
  await expect(tip).toHaveCount(0);
  await expect.poll(() => tourState("leer")).toEqual(["admin", "student_list"]);
  await context.close();
});

test("student: quitting in one browser is known in another; the ?-button starts it there", async ({ browser }) => {
  await app().createUser({ username: "tina", role: "student", first_name: "Tina" });
  const first = await signedIn(browser, desktop, "tina");
  await first.page.goto(`${app().baseURL}/verfuegbarkeit`);
  const tip = first.page.getByRole("dialog", { name: "Tutorial für Fahrschüler" });
  await expect(tip).toContainText("Schritt 1 von 4");
  await expect(tip).toBeFocused();
  await first.page.keyboard.press("Escape");
  const ask = first.page.getByRole("dialog").filter({ hasText: closeQuestion });
  await ask.getByRole("button", { name: "Beenden" }).click();
  await expect(tip).toHaveCount(0);
  await expect.poll(() => tourState("tina")).toEqual(["student"]);
  await first.context.close();

  // A fresh browser (nothing in its storage) learns it from the server and keeps the key too.
  const second = await signedIn(browser, phone, "tina");
  await second.page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(second.page.getByRole("heading", { name: /wöchentliche Verfügbarkeit/ }))
    .toBeVisible();
  await waitPastTourStart(second.page);
  const again = second.page.getByRole("dialog", { name: "Tutorial für Fahrschüler" });
  await expect(again).toHaveCount(0);
  expect(await second.page.evaluate(() => localStorage.getItem("student-tutorial-completed")))
    .toBe("true");
  await second.page.getByRole("button", { name: "Tutorial starten" }).click();
  await expect(again).toContainText("Schritt 1 von 4");
  await second.context.close();
});

test("instructor: 'Tutorial überspringen' is stored on the server; another browser stays quiet", async ({ browser }) => {
  await app().createUser({ username: "lars", role: "instructor", first_name: "Lars" });
  const first = await signedIn(browser, desktop, "lars");
  await first.page.goto(`${app().baseURL}/verfuegbarkeit`);
  const tip = first.page.getByRole("dialog", { name: "Tutorial für Fahrlehrer" });
  await expect(tip).toContainText("Schritt 1 von 4");
  await tip.getByRole("button", { name: "Tutorial überspringen" }).click();
  await expect.poll(() => tourState("lars")).toEqual(["instructor"]);
  await first.context.close();
  const second = await signedIn(browser, desktop, "lars");
  await second.page.goto(`${app().baseURL}/verfuegbarkeit`);
  await waitPastTourStart(second.page);
  await expect(second.page.getByRole("dialog", { name: "Tutorial für Fahrlehrer" }))
    .toHaveCount(0);
  await second.context.close();
});

test("student list with students: search, sort, export, a row, adding; Escape asks; ?-button", async ({ browser }) => {
  for (const name of ["Anna", "Ben"]) {
    await app().createUser({ username: name.toLowerCase(), role: "student", first_name: name });
  }
  const { context, page } = await signedIn(browser, desktop, "liste");
  await page.goto(`${app().baseURL}/students`);
  const tip = page.getByRole("dialog", { name: "Tutorial zur Fahrschülerliste" });
  await expect(tip).toContainText("Schritt 1 von 5");
  await expectNoAxeViolation(page);
  await walk(page, tip, 5, "liste-1280");
  // The row step points at a real row.
  await tip.getByRole("button", { name: "Zurück" }).click();
  await tip.getByRole("button", { name: "Zurück" }).click();
  await expect(tip).toContainText("Schritt 3 von 5");
  const spot = (await page.getByTestId("tutorial-spotlight").boundingBox())!;
  const row = (await page.getByRole("row").filter({ hasText: "Anna" }).boundingBox())!;
  expect(Math.abs(spot.y + 6 - row.y)).toBeLessThan(3);

  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog").filter({ hasText: closeQuestion });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Abbrechen" }).click();
  await expect(tip).toContainText("Schritt 3 von 5");
  await page.keyboard.press("Escape");
  await ask.getByRole("button", { name: "Beenden" }).click();
  await expect(tip).toHaveCount(0);
  await expect.poll(() => tourState("liste")).toEqual(["admin", "student_list"]);

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Ben" })).toBeVisible();
  await waitPastTourStart(page);
  await expect(tip).toHaveCount(0);
  await page.getByRole("button", { name: "Tutorial starten" }).click();
  await expect(tip).toContainText("Schritt 1 von 5");
  await context.close();
});

test("a screen that grows above the step's element: the tour brings it back in the same frame", async ({ browser }) => {
  const { context, page } = await signedIn(browser, desktop, "liste");
  await page.goto(`${app().baseURL}/students`);
  await expect(page.getByRole("row").filter({ hasText: "Anna" })).toBeVisible();
  await page.getByRole("button", { name: "Tutorial starten" }).click();
  const tip = page.getByRole("dialog", { name: "Tutorial zur Fahrschülerliste" });
  for (const n of [2, 3]) {
    await tip.getByRole("button", { name: "Weiter" }).click();
    await expect(tip).toContainText(`Schritt ${n} von 5`);
  }
  // Content arriving above the row (as a dashboard's cards do while they load) pushes it far
  // down; two frames later it must be on screen again, not only at the tour's next 200 ms look.
  const row = await page.evaluate(async () => {
    const filler = document.createElement("div");
    filler.style.height = "3000px";
    document.querySelector("main")!.prepend(filler);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const anna = [...document.querySelectorAll("tr")].find((r) => r.textContent?.includes("Anna"))!;
    const { top, bottom } = anna.getBoundingClientRect();
    return { top, bottom, screen: innerHeight };
  });
  expect(row.top, "Zeile oben").toBeGreaterThanOrEqual(0);
  expect(row.bottom, "Zeile unten").toBeLessThanOrEqual(row.screen);
  await context.close();
});

test("a shared office browser: one admin's finished tour does not count for the next one", async ({ browser }) => {
  await app().createUser({ username: "zweit", role: "admin", first_name: "Zoe" });
  await app().sql`
    delete from tutorial_states where tour = 'student_list'
       and user_id = (select id from users where username = 'zweit')`;
  // Lisa finished the student-list tour (test above); her browser keeps the spec's local key.
  const { context, page } = await signedIn(browser, desktop, "liste");
  await page.goto(`${app().baseURL}/students`);
  await expect(page.getByRole("row").filter({ hasText: "Anna" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.values(localStorage))).toContain("true");
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Zoe signs in at the same browser: the tour is new to her and starts by itself.
  await loginAs(page, app().baseURL, "zweit");
  await page.goto(`${app().baseURL}/students`);
  const tip = page.getByRole("dialog", { name: "Tutorial zur Fahrschülerliste" });
  await expect(tip).toContainText("Schritt 1 von 5");
  // Lisa's key told the server nothing about Zoe.
  expect(await tourState("zweit")).not.toContain("student_list");
  await context.close();
});

test("questionnaire demo: a tour over the form, kept on the device; sending stores nothing", async ({ browser }) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const posts: string[] = [];
  page.on("request", (r) => r.method() !== "GET" && posts.push(`${r.method()} ${r.url()}`));
  const before = await app().sql`
    select (select count(*) from questionnaires)::int as q, (select count(*) from users)::int as u
  `;
  await page.goto(`${app().baseURL}/fragebogen/demo`);
  const tip = page.getByRole("dialog", { name: "Tutorial zum Beispiel-Fragebogen" });
  await expect(tip).toContainText("Schritt 1 von 4");
  await expectNoAxeViolation(page);
  await walk(page, tip, 4, "fragebogen-390");
  await tip.getByRole("button", { name: "Fertig" }).click();
  await expect(tip).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("questionnaire-demo-tutorial-completed")))
    .toBe("true");

  // At 1280 px from the ?-button, and Escape asks before it ends.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await waitPastTourStart(page);
  await expect(tip).toHaveCount(0);
  await shot(page, "fragebogen-1280-kopf");
  await page.getByRole("button", { name: "Tutorial starten" }).click();
  await walk(page, tip, 4, "fragebogen-1280");
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").filter({ hasText: closeQuestion })
    .getByRole("button", { name: "Beenden" }).click();
  await expect(tip).toHaveCount(0);

  await page.getByLabel("Vorname", { exact: false }).fill("Mia");
  await page.getByLabel("Nachname", { exact: false }).fill("Schulz");
  await page.getByLabel("E-Mail", { exact: false }).fill("mia@example.de");
  await page.getByLabel("Telefon", { exact: false }).fill("0231 123456");
  await page.getByLabel("Name der Schule", { exact: false }).fill("Max-Planck-Gymnasium");
  await page.getByLabel("Gewünschter Startort", { exact: false }).selectOption("Barop");
  await page.getByLabel("Führerscheinklasse", { exact: false }).selectOption("B");
  await page.getByRole("radio", { name: "Nein" }).check();
  await page.getByRole("button", { name: "Fragebogen absenden" }).click();
  const done = page.getByRole("status").filter({ hasText: "Beispiel abgeschlossen" });
  await expect(done).toContainText("nicht gesendet und nicht gespeichert");
  await expect(page.getByText("Ihr Fragebogen ist bei uns angekommen")).toHaveCount(0);
  await shot(page, "fragebogen-demo-gesendet");
  expect(posts.filter((p) => p.includes("/api/fragebogen/"))).toEqual([]);
  const after = await app().sql`
    select (select count(*) from questionnaires)::int as q, (select count(*) from users)::int as u
  `;
  expect(after).toEqual(before);
  await context.close();
});

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`questionnaire demo at ${size.width} x ${size.height}: a section that fits with its tooltip is not covered by it`, async ({ browser }) => {
    // Seen walking it: steps 1-3 point at sections too tall for a tooltip above or below them as
    // scrolled (centred), so the tooltip sat in the corner over the section's fields.
    const phone = size.width < 640;
    const context = await browser.newContext({ viewport: size, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    await page.goto(`${app().baseURL}/fragebogen/demo`);
    const tip = page.getByRole("dialog", { name: "Tutorial zum Beispiel-Fragebogen" });
    for (let n = 1; n <= 4; n++) {
      await expect(tip).toContainText(`Schritt ${n} von 4`);
      await expectOnScreen(page, tip, `Schritt ${n}`);
      const t = (await tip.boundingBox())!;
      const s = (await page.getByTestId("tutorial-spotlight").boundingBox())!;
      const header = await page.evaluate(() =>
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
      );
      // Fits (or nearly: the tooltip may lie over the element's lowest 64 px).
      if (s.height - 12 + t.height + 20 <= size.height - header + 64) {
        const overlap = Math.min(s.y + s.height, t.y + t.height) - Math.max(s.y, t.y);
        expect(overlap, `Schritt ${n}: Tooltip über der Markierung`).toBeLessThan(80);
      }
      await shot(page, `fragebogen-${size.width}-schritt-${n}`);
      if (n < 4) await tip.getByRole("button", { name: "Weiter" }).click();
    }
    await context.close();
  });
}

test("student list with students at 390 px: the row step's highlight ends at the screen's edge", async ({ browser }) => {
  // Seen walking it on a phone: the row is wider than its scrolling table, and the highlight ran
  // past the screen's right edge, its ring cut off there.
  await app().createUser({ username: "handy", role: "admin" });
  await app().createUser({ username: "clara", role: "student", first_name: "Clara" });
  await app().sql`
    delete from tutorial_states where tour = 'student_list'
       and user_id = (select id from users where username = 'handy')
  `;
  const { context, page } = await signedIn(browser, phone, "handy");
  await page.goto(`${app().baseURL}/students`);
  const tip = page.getByRole("dialog", { name: "Tutorial zur Fahrschülerliste" });
  await walk(page, tip, 5, "liste-390");
  await context.close();
});
