/**
 * Issue 14 (first half), problems 1, 3, 4, 5 and the grid part of 9, each in real Chromium:
 * the grid shows what the planner uses, a save changes only what was changed, weekend rows
 * survive, a vertical swipe at 390 px marks nothing, leaving with unsaved changes asks first,
 * and the grid is one Tab stop with arrow keys.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { cell, desktop, phone, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("selfservice_truth");

async function rows(username: string, kind: string) {
  return (await app().sql`
    select day_of_week::int as day, to_char(start_time, 'HH24:MI') as s,
           to_char(end_time, 'HH24:MI') as e
      from availabilities a join users u on u.id = a.user_id
     where u.username = ${username} and a.availability_type = ${kind}
     order by 1, 2
  `).map((r) => `${r.day} ${r.s}-${r.e}`);
}

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function open(
  browser: Browser,
  username: string,
  options: typeof desktop | typeof phone = desktop,
) {
  const context = await browser.newContext(options);
  contexts.push(context);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, username);
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(page.getByRole("heading", { name: "Meine wöchentliche Verfügbarkeit" }))
    .toBeVisible();
  return { page, close: async () => {} };
}

test.beforeAll(async () => {
  const a = app();
  // An instructor whose working times the admin entered (Monday 10-12, Thursday 08-16:30, and
  // Saturday morning) and who also has a Sunday row the school does not plan.
  for (const username of ["ines", "inge"]) {
    const id = await a.createUser({ username, role: "instructor", first_name: username });
    await a
      .sql`update instructor_profiles set transmission_types = '{manual}' where user_id = ${id}`;
    await a.sql`
      insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
      values (${id}, 'work', 1, '10:00', '12:00'), (${id}, 'work', 4, '08:00', '16:30'),
             (${id}, 'work', 6, '09:00', '12:00'), (${id}, 'work', 7, '10:00', '11:00')
    `;
  }
  // A student the admin created: arrival Monday 14:00, a free period Tuesday 10-11.
  const sina = await a.createUser({ username: "sina", role: "student", first_name: "Sina" });
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time,
                                period)
    values (${sina}, 'arrival', 1, '14:00', '20:00', null),
           (${sina}, 'free_period', 2, '10:00', '11:00', 1)
  `;
  await a.createUser({ username: "chef", role: "admin", first_name: "Chef" });
  const olga = await a.createUser({
    username: "olga",
    role: "instructor",
    first_name: "Olga",
    last_name: "Ohm",
  });
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${olga}, 'work', 1, '08:00', '12:00'), (${olga}, 'work', 1, '14:00', '18:00'),
           (${olga}, 'work', 6, '09:00', '13:00')
  `;
  await a.createUser({ username: "tom", role: "student", first_name: "Tom" });
  await a.createUser({ username: "kai", role: "student", first_name: "Kai" });
  await a.createUser({ username: "uwe", role: "student", first_name: "Uwe" });
});

test("problem 1: the grid opens with the admin's working times; one hour changes one hour", async ({ browser }) => {
  const { page, close } = await open(browser, "ines");
  await expect(cell(page, "Montag 10:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Montag 11:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Donnerstag 16:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Dienstag 10:00")).toHaveAttribute("aria-pressed", "false");
  await cell(page, "Mittwoch 08:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  // Working times and grid are the same rows: one hour added, everything else exactly as it was.
  expect(await rows("ines", "work")).toEqual([
    "1 10:00-12:00",
    "3 08:00-09:00",
    "4 08:00-16:30",
    "6 09:00-12:00",
    "7 10:00-11:00",
  ]);
  expect(await rows("ines", "available")).toEqual([]);
  await close();
});

test("problem 1: an admin-created student sees her derived week; marking one hour adds one", async ({ browser }) => {
  const { page, close } = await open(browser, "sina");
  await expect(cell(page, "Montag 14:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Montag 19:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Dienstag 10:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Mittwoch 14:00")).toHaveAttribute("aria-pressed", "false");
  await cell(page, "Mittwoch 07:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  expect(await rows("sina", "available")).toEqual([
    "1 14:00-20:00",
    "2 10:00-11:00",
    "3 07:00-08:00",
  ]);
  await close();
});

test("problem 4: Saturday is a planned weekday; Sunday rows survive a save", async ({ browser }) => {
  const { page, close } = await open(browser, "inge");
  await expect(cell(page, "Samstag 09:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Samstag 09:00")).not.toHaveAttribute("aria-disabled", "true");
  await expect(cell(page, "Sonntag 10:00 (kein Planungstag)")).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await cell(page, "Samstag 13:00").click();
  await cell(page, "Montag 10:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  expect(await rows("inge", "work")).toEqual([
    "1 11:00-12:00",
    "4 08:00-16:30",
    "6 09:00-12:00",
    "6 13:00-14:00",
    "7 10:00-11:00",
  ]);
  await close();
});

/** One finger gesture from `from` to `to` as Chromium's touch input (CDP) delivers it. */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let step = 1; step <= 8; step++) {
    const x = from.x + ((to.x - from.x) * step) / 8;
    const y = from.y + ((to.y - from.y) * step) / 8;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

async function center(page: Page, name: string) {
  const box = (await cell(page, name).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("problem 3: at 390 px a vertical swipe scrolls and marks nothing; tap and drag mark", async ({ browser }) => {
  const { page, close } = await open(browser, "tom", phone);
  await expect(cell(page, "Montag 07:00")).toBeVisible();
  const pressed = page.locator('[data-slot][aria-pressed="true"]');
  // Open more days so the page is taller than the screen and can scroll.
  for (const day of ["Dienstag", "Mittwoch"]) {
    await page.getByRole("button", { name: new RegExp(`^${day}`) }).tap();
  }
  const start = await center(page, "Montag 08:00");
  await swipe(page, start, { x: start.x, y: start.y - 220 });
  await swipe(page, await center(page, "Montag 12:00"), { x: start.x, y: start.y + 200 });
  // The tap comes after the swipes: once it shows, the swipes have been handled too, so one
  // pressed cell, the tapped one, means the swipes marked nothing.
  await cell(page, "Montag 09:00").tap();
  await expect(cell(page, "Montag 09:00")).toHaveAttribute("aria-pressed", "true");
  await expect(pressed).toHaveCount(1);
  const a = await center(page, "Montag 11:00");
  const b = await center(page, "Montag 14:00");
  await swipe(page, a, b);
  await expect(pressed).toHaveCount(5);
  await cell(page, "Montag 20:00").tap();
  await expect(pressed).toHaveCount(6);
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).tap();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  expect(await rows("tom", "available")).toEqual([
    "1 09:00-10:00",
    "1 11:00-15:00",
    "1 20:00-21:00",
  ]);
  await close();
});

test("problem 5: leaving with unsaved changes asks first (link and reload)", async ({ browser }) => {
  const { page, close } = await open(browser, "kai");
  await cell(page, "Dienstag 08:00").click();
  await page.getByRole("link", { name: "Kalender" }).click();
  const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(dialog).toContainText("ungespeicherte Änderungen");
  await dialog.getByRole("button", { name: "Bleiben" }).click();
  await expect(page).toHaveURL(/\/verfuegbarkeit$/);
  await expect(cell(page, "Dienstag 08:00")).toHaveAttribute("aria-pressed", "true");

  // A reload (as the update prompt's "Neu laden" does) gets the browser's own question.
  const asked = new Promise<string>((resolve) => {
    page.once("dialog", (d) => {
      resolve(d.type());
      void d.dismiss();
    });
  });
  await page.evaluate(() => setTimeout(() => location.reload(), 0));
  expect(await asked).toBe("beforeunload");
  await expect(cell(page, "Dienstag 08:00")).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "Kalender" }).click();
  await dialog.getByRole("button", { name: "Verlassen" }).click();
  await expect(page).toHaveURL(/\/kalender$/);
  expect(await rows("kai", "available")).toEqual([]);
  await close();
});

test("problem 9: the grid is one Tab stop; arrows move, Space toggles, Shift+arrows extend", async ({ browser }) => {
  const { page, close } = await open(browser, "uwe");
  const first = cell(page, "Montag 07:00");
  await expect(first).toBeVisible();
  await expect(page.locator(".availability-grid [tabindex='0']")).toHaveCount(1);
  await first.focus();
  await page.keyboard.press("ArrowDown");
  await expect(cell(page, "Montag 08:00")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(cell(page, "Montag 08:00")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(cell(page, "Dienstag 10:00")).toBeFocused();
  await expect(page.locator('[data-slot][aria-pressed="true"]')).toHaveCount(4);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(cell(page, "Mittwoch 10:00")).toHaveAttribute("aria-pressed", "true");
  // From the grid, Save is a few Tab stops away (reset, save), not 92.
  let tabs = 0;
  const save = page.getByRole("button", { name: "Verfügbarkeit speichern" });
  while (!(await save.evaluate((el) => el === document.activeElement)) && tabs < 6) {
    await page.keyboard.press("Tab");
    tabs++;
  }
  await expect(save).toBeFocused();
  expect(tabs).toBeLessThanOrEqual(3);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  expect(await rows("uwe", "available")).toEqual([
    "1 08:00-11:00",
    "2 10:00-11:00",
    "3 10:00-11:00",
  ]);
  await close();
});

test("problem 2 and 4: a mistyped time blocks the admin's save; a phone change keeps Saturday", async ({ browser }) => {
  const context = await browser.newContext(desktop);
  contexts.push(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/instructors`);
  await page.getByRole("button", { name: "Olga Ohm bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrlehrer bearbeiten" });
  await edit.getByLabel("Telefon").fill("0231 777");
  const tuesday = edit.getByRole("group", { name: "Dienstag", exact: true });
  await tuesday.getByLabel("Beginn", { exact: true }).fill("31:00");
  await tuesday.getByLabel("Ende", { exact: true }).fill("12:00");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(edit.getByText(/ungültige Eingabe/)).toBeVisible();
  await expect(page.getByText("Fahrlehrer erfolgreich aktualisiert!")).toHaveCount(0);
  const [before] = await app().sql`select phone from users where username = 'olga'`;
  expect(before.phone).not.toBe("0231 777");

  // A free time with only a start is not dropped silently either.
  await tuesday.getByLabel("Beginn", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(edit.getByText(/Arbeitszeit Dienstag: Bitte geben Sie auch den Beginn an/))
    .toBeVisible();

  // Only the phone changes: Monday's two windows and Saturday's working time stay.
  await tuesday.getByLabel("Ende", { exact: true }).fill("");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Fahrlehrer erfolgreich aktualisiert!")).toBeVisible();
  const [after] = await app().sql`select phone from users where username = 'olga'`;
  expect(after.phone).toBe("0231 777");
  expect(await rows("olga", "work")).toEqual([
    "1 08:00-12:00",
    "1 14:00-18:00",
    "6 09:00-13:00",
  ]);
});

test("problem 2: a mistyped absence date blocks saving with a German message", async ({ browser }) => {
  const { page } = await open(browser, "kai");
  await page.getByRole("button", { name: "Abwesenheit hinzufügen" }).click();
  const date = page.locator(".absences-card").getByLabel("Erster Tag").first();
  await date.fill("31.02.2027");
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(page.getByText("Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben."))
    .toBeVisible();
  await expect(page.getByText("Date input not valid.")).toHaveCount(0);
  await expect(page.getByText(/ungültige Eingabe/).first()).toBeVisible();
  const stored = await app().sql`
    select count(*)::int as n from special_dates s join users u on u.id = s.user_id
     where u.username = 'kai'`;
  expect(stored[0].n).toBe(0);
});

test("problem 4: the admin sets the planned weekdays; the grid follows", async ({ browser }) => {
  const context = await browser.newContext(desktop);
  contexts.push(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/ferien-feiertage`);
  const card = page.getByRole("region", { name: "Planungstage" });
  await expect(card.getByRole("checkbox", { name: "Samstag" })).toBeChecked();
  await expect(card.getByRole("checkbox", { name: "Sonntag" })).not.toBeChecked();
  await card.getByRole("checkbox", { name: "Samstag" }).uncheck();
  await card.getByRole("button", { name: "Planungstage übernehmen" }).click();
  await expect(page.getByText("Planungstage gespeichert")).toBeVisible();
  const [stored] = await app().sql`select planned_weekdays from school_settings`;
  expect(stored.planned_weekdays).toEqual([1, 2, 3, 4, 5]);

  const { page: grid } = await open(browser, "uwe");
  await expect(cell(grid, "Samstag 09:00 (kein Planungstag)")).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(cell(grid, "Freitag 09:00")).not.toHaveAttribute("aria-disabled", "true");
  await app().sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6}'`;
});
