/**
 * Issue 25, point 21, in real Chromium at 390 px with touch: /kalender has a week view as on the
 * desktop, each lesson with its end time and pickup point, the user's absences, and a tap on a
 * lesson opens its details; header icons, calendar buttons and radio buttons are at least 44 px
 * and "Abmelden" does not sit right beside the menu.
 */
import { type BrowserContext, expect, type Locator, test } from "@playwright/test";
import { phone, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("kalender_phone");

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test.beforeAll(async () => {
  const { sql, createUser } = app();
  const instructor = await createUser({
    username: "ivo",
    role: "instructor",
    first_name: "Ivo",
    last_name: "Ilić",
  });
  const student = await createUser({
    username: "lea",
    role: "student",
    first_name: "Lea",
    last_name: "Lang",
  });
  await createUser({ username: "chefin", role: "admin", first_name: "Clara" });
  await sql`update student_profiles set start_location = 'Kley' where user_id = ${student}`;
  await sql`update pickup_points set address = 'Kleyer Weg 1' where name = 'Kley'`;
  // Today 10:00-11:30 at the school; a day of vacation in the same week (tomorrow, on a Sunday
  // the day before).
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, 'manual',
            ((now() at time zone 'Europe/Berlin')::date + time '10:00') at time zone 'Europe/Berlin',
            ((now() at time zone 'Europe/Berlin')::date + time '11:30') at time zone 'Europe/Berlin')`;
  await sql`
    insert into vacation_periods (user_id, start_date, end_date, kind)
    select ${student}, d, d, 'vacation'
      from (select (now() at time zone 'Europe/Berlin')::date
                   + case when extract(isodow from now() at time zone 'Europe/Berlin') = 7
                          then -1 else 1 end as d) x`;
});

async function open(browser: import("@playwright/test").Browser, username: string, path: string) {
  const context = await browser.newContext(phone);
  contexts.push(context);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, username);
  await page.goto(`${app().baseURL}${path}`);
  return page;
}

async function size(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, "visible").not.toBeNull();
  return box!;
}

async function atLeast44(locators: Locator[]) {
  for (const locator of locators) {
    const box = await size(locator);
    const name = await locator.getAttribute("aria-label") ?? await locator.textContent();
    expect(Math.round(box.height), `height of ${name}`).toBeGreaterThanOrEqual(44);
    expect(Math.round(box.width), `width of ${name}`).toBeGreaterThanOrEqual(44);
  }
}

test("the phone's week shows end time, pickup point and absences; a tap opens the lesson", async ({ browser }) => {
  const page = await open(browser, "lea", "/kalender");
  await page.getByRole("button", { name: "Woche", exact: true }).tap();
  await expect(page.locator("#calendar-month")).toHaveText(/^KW \d+: /);
  const week = page.getByRole("list", { name: /^Termine in KW/ });
  const lesson = week.getByRole("button", { name: /10:00–11:30/ });
  await expect(lesson).toContainText("Treffpunkt: Kley");
  await expect(lesson).toContainText("mit Ivo Ilić");
  await expect(week.getByRole("listitem").filter({ hasText: /^Abwesenheit: Urlaub$/ }))
    .toBeVisible();
  await expect(week.getByText("Keine Termine").first()).toBeVisible();
  await page.waitForTimeout(300); // Real-world time: the view buttons' colour transition, for the screenshot
  await page.screenshot({ path: "test-results/kalender_phone_week.png" });

  await lesson.tap();
  const details = page.getByRole("dialog", { name: /^Fahrstunde am / });
  await expect(details).toContainText("10:00–11:30 Uhr");
  await expect(details).toContainText("Ivo Ilić");
  await expect(details).toContainText("Kley, Kleyer Weg 1");
  await page.waitForTimeout(300); // Real-world time: the dialog's opening zoom, for the screenshot
  await page.screenshot({ path: "test-results/kalender_phone_details.png" });
  await details.getByRole("button", { name: "Schließen" }).first().tap();
  await expect(details).toHaveCount(0);
});

test("header icons and calendar buttons are tap-sized; Abmelden is not beside the menu", async ({ browser }) => {
  const page = await open(browser, "lea", "/kalender");
  await expect(page.getByRole("button", { name: "Woche", exact: true })).toBeVisible();
  const logout = page.getByRole("button", { name: "Abmelden" });
  const menu = page.getByRole("button", { name: "Menü öffnen" });
  await atLeast44([
    logout,
    menu,
    page.getByRole("button", { name: "Vorheriger Monat" }),
    page.getByRole("button", { name: "Heute" }),
    page.getByRole("button", { name: "Nächster Monat" }),
    page.getByRole("button", { name: "Monat", exact: true }),
    page.getByRole("button", { name: "Woche", exact: true }),
  ]);
  // Another control sits between them: a slip of the thumb does not sign out.
  const [a, b] = [await size(logout), await size(menu)];
  expect(Math.abs(b.x - a.x)).toBeGreaterThanOrEqual(2 * 44);
});

test("radio buttons are tap-sized on a phone", async ({ browser }) => {
  const page = await open(browser, "chefin", "/vehicles");
  await page.getByRole("button", { name: "Fahrzeug hinzufügen" }).tap();
  const dialog = page.getByRole("dialog", { name: "Neues Fahrzeug hinzufügen" });
  const option = dialog.locator("label.radio").filter({ hasText: "Automatik" });
  // Polled: the dialog opens with a short zoom, which scales everything in it for a moment.
  await expect.poll(async () => Math.round((await size(option)).height))
    .toBeGreaterThanOrEqual(44);
  await option.tap();
  await expect(dialog.getByRole("radio", { name: "Automatik" })).toBeChecked();
});

test("at 1440 px the week grid shows the same: end time, pickup point, absence, details", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "lea");
  await page.goto(`${app().baseURL}/kalender`);
  await page.getByRole("button", { name: "Woche", exact: true }).click();
  const week = page.getByRole("table", { name: /^Termine in KW/ });
  const lesson = week.getByRole("button", { name: /10:00–11:30/ });
  await expect(lesson).toContainText("Treffpunkt: Kley");
  await expect(week.getByRole("listitem").filter({ hasText: /^Abwesenheit: Urlaub$/ }))
    .toBeVisible();
  await page.screenshot({ path: "test-results/kalender_desktop_week.png" });
  await lesson.click();
  await expect(page.getByRole("dialog", { name: /^Fahrstunde am / })).toContainText("Kley");
});
