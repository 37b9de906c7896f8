/**
 * Issue 14, what a walkthrough in Chromium found after the nine problems were built: each test
 * is one thing an instructor, a student on a 390 px phone or the office tripped over.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { desktop, phone } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("selfservice_walkthrough");

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signedIn(
  browser: Browser,
  username: string,
  options: typeof desktop | typeof phone = desktop,
): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  await context.addInitScript(() => {
    localStorage.setItem("student-tutorial-completed", "true");
    localStorage.setItem("instructor-tutorial-completed", "true");
  });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, username);
  return page;
}

/** Everything stored for a user that an admin form could touch, row ids included. */
async function storedState(username: string) {
  const sql = app().sql;
  const [user] = await sql`
    select id::int, availability_version::int as v from users where username = ${username}`;
  return {
    version: user.v,
    weekly: (await sql`
      select id::int, availability_type, day_of_week, start_time::text, end_time::text
        from availabilities where user_id = ${user.id} order by id`).map((r) => ({ ...r })),
    vacations: (await sql`
      select id::int, start_date::text, end_date::text, kind
        from vacation_periods where user_id = ${user.id} order by id`).map((r) => ({ ...r })),
    theory: (await sql`
      select id::int, date::text, start_time::text from theory_sessions
       where instructor_id = ${user.id} order by id`).map((r) => ({ ...r })),
  };
}

test.beforeAll(async () => {
  const a = app();
  await a.createUser({ username: "chef", role: "admin", first_name: "Chef" });
  const ivo = await a.createUser({
    username: "ivo",
    role: "instructor",
    first_name: "Ivo",
    last_name: "Iwan",
  });
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${ivo}, 'work', 1, '08:00', '12:00'), (${ivo}, 'work', 1, '14:00', '18:00'),
           (${ivo}, 'work', 6, '09:00', '13:00'), (${ivo}, 'break', null, '12:00', '12:30'),
           (${ivo}, 'unavailable', 3, '15:00', '16:00')`;
  await a.sql`insert into vacation_periods (user_id, start_date, end_date)
              values (${ivo}, current_date + 40, current_date + 45)`;
  await a.sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
              values (${ivo}, current_date + 20, '18:00', '19:30')`;
  await a.createUser({ username: "sara", role: "student", first_name: "Sara" });
  await a.createUser({ username: "sven", role: "student", first_name: "Sven" });
  await a.createUser({ username: "tina", role: "student", first_name: "Tina" });
  const stella = await a.createUser({
    username: "stella",
    role: "student",
    first_name: "Stella",
    last_name: "Stern",
  });
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time,
                                period)
    values (${stella}, 'arrival', 1, '14:00', '20:00', null),
           (${stella}, 'free_period', 2, '10:00', '11:00', 1)`;
  await a.sql`insert into vacation_periods (user_id, start_date, end_date)
              values (${stella}, current_date + 10, current_date + 12)`;
});

test("leaving with an unsaved absence asks first", async ({ browser }) => {
  const page = await signedIn(browser, "sara", phone);
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await page.getByRole("button", { name: "+ Abwesenheit hinzufügen" }).tap();
  await page.locator(".absences-card").getByLabel("Erster Tag").fill("01.02.2031");
  await page.getByRole("button", { name: "Menü öffnen" }).tap();
  await page.getByRole("link", { name: "Kalender" }).tap();
  const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(dialog).toContainText("ungespeicherte Änderungen");
  await dialog.getByRole("button", { name: "Bleiben" }).tap();
  await expect(page).toHaveURL(/\/verfuegbarkeit$/);
  await expect(page.locator(".absences-card").getByLabel("Erster Tag")).toHaveValue("01.02.2031");
  // The menu closed with the tap on its link, though the user stayed: it covered the screen.
  await expect(page.getByRole("button", { name: "Menü öffnen" })).toBeVisible();
  // Saved, the screen may be left without a question.
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).tap();
  await expect(page.getByText("Urlaub/Abwesenheit erfolgreich gespeichert")).toBeVisible();
  await page.getByRole("button", { name: "Menü öffnen" }).tap();
  await page.getByRole("link", { name: "Kalender" }).tap();
  await expect(page).toHaveURL(/\/kalender$/);
});

test("an absence added while the stored ones still load is kept, beside them", async ({ browser }) => {
  const [user] = await app().sql`select id from users where username = 'sven'`;
  await app().sql`insert into special_dates (user_id, date, end_date, is_unavailable, description)
                  values (${user.id}, '2031-03-02', '2031-03-06', true, 'Kur')`;
  const page = await signedIn(browser, "sven", phone);
  // A slow connection: the stored absences arrive after the user has begun a new one.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/my-special-dates/", async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue();
  });
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await page.getByRole("button", { name: "+ Abwesenheit hinzufügen" }).tap();
  const card = page.locator(".absences-card");
  await card.getByLabel("Erster Tag").fill("09.03.2031");
  release();
  await expect(card.getByLabel("Erster Tag")).toHaveCount(2);
  await expect(card.getByLabel("Erster Tag").nth(0)).toHaveValue("02.03.2031");
  await expect(card.getByLabel("Erster Tag").nth(1)).toHaveValue("09.03.2031");
  await app().sql`delete from special_dates where user_id = ${user.id}`;
});

test("after a blocked absence save is corrected, no 'nichts gespeichert' stays on screen", async ({ browser }) => {
  const page = await signedIn(browser, "sven", phone);
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await page.getByRole("button", { name: "+ Abwesenheit hinzufügen" }).tap();
  const date = page.locator(".absences-card").getByLabel("Erster Tag");
  await date.fill("31.02.2031");
  const save = page.getByRole("button", { name: "Abwesenheiten speichern" });
  await save.tap();
  await expect(page.getByText(/Es wurde nichts gespeichert/)).toBeVisible();
  await date.fill("03.02.2031");
  await save.tap();
  await expect(page.getByText("Urlaub/Abwesenheit erfolgreich gespeichert")).toBeVisible();
  // Asked at once: an old message would otherwise vanish on its own after five seconds.
  expect(await page.getByText(/Es wurde nichts gespeichert/).count()).toBe(0);
});

test("the admin changes only the phone number: nothing else is rewritten", async ({ browser }) => {
  const before = await storedState("ivo");
  const page = await signedIn(browser, "chef");
  await page.goto(`${app().baseURL}/instructors`);
  await page.getByRole("button", { name: "Ivo Iwan bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrlehrer bearbeiten" });
  await edit.getByLabel("Telefon").fill("0231 4711");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Fahrlehrer erfolgreich aktualisiert!")).toBeVisible();
  const [user] = await app().sql`select phone from users where username = 'ivo'`;
  expect(user.phone).toBe("0231 4711");
  // Same rows (same ids) and the same version: an instructor's open grid meets no conflict.
  expect(await storedState("ivo")).toEqual(before);
});

test("the admin changes only a student's phone number: nothing else is rewritten", async ({ browser }) => {
  const before = await storedState("stella");
  const page = await signedIn(browser, "chef");
  await page.goto(`${app().baseURL}/students`);
  await page.getByRole("button", { name: "Stella Stern bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrschüler bearbeiten" });
  await edit.getByLabel("Telefon").fill("0231 815");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(edit).toHaveCount(0);
  const [user] = await app().sql`select phone from users where username = 'stella'`;
  expect(user.phone).toBe("0231 815");
  // Her open grid holds this version: a phone number must not turn her next save into a conflict.
  expect(await storedState("stella")).toEqual(before);
});

test("at 390 px Ferien & Feiertage does not scroll sideways; a link opens the next screen at its top", async ({ browser }) => {
  const page = await signedIn(browser, "chef", phone);
  await page.goto(`${app().baseURL}/ferien-feiertage`);
  await expect(page.getByRole("button", { name: /Ferien für .* übernehmen/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The second visit of a screen renders at once (its code is loaded): then the old scroll
  // position used to stay, and Impressum opened near its end.
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Impressum" });
  await footerLink.tap();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("button", { name: /Ferien für .* übernehmen/ })).toBeVisible();
  await expect.poll(() =>
    page.evaluate(() => {
      scrollTo(0, document.documentElement.scrollHeight);
      return scrollY;
    })
  ).toBeGreaterThan(1500);
  await footerLink.tap();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test("the admin's form shows every working window of a day; adding and removing one saves that day only", async ({ browser }) => {
  const before = await storedState("ivo");
  const page = await signedIn(browser, "chef");
  await page.goto(`${app().baseURL}/instructors`);
  await page.getByRole("button", { name: "Ivo Iwan bearbeiten" }).click();
  const edit = page.getByRole("dialog", { name: "Fahrlehrer bearbeiten" });
  const window = (name: string) => edit.getByRole("group", { name, exact: true });
  await expect(window("Montag, 1. Zeitfenster").getByLabel("Beginn")).toHaveValue("08:00");
  await expect(window("Montag, 2. Zeitfenster").getByLabel("Ende")).toHaveValue("18:00");
  await expect(window("Samstag").getByLabel("Beginn")).toHaveValue("09:00");

  await edit.getByRole("button", { name: "Montag, 2. Zeitfenster entfernen" }).click();
  const wednesday = window("Mittwoch");
  await wednesday.getByLabel("Beginn").fill("08:00");
  await wednesday.getByLabel("Ende").fill("12:00");
  await edit.getByRole("button", { name: "+ Zeitfenster am Mittwoch" }).click();
  await window("Mittwoch, 2. Zeitfenster").getByLabel("Beginn").fill("11:00");
  await window("Mittwoch, 2. Zeitfenster").getByLabel("Ende").fill("17:00");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(edit.getByText(/überschneiden sich/)).toBeVisible();
  await window("Mittwoch, 2. Zeitfenster").getByLabel("Beginn").fill("13:00");
  await edit.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Fahrlehrer erfolgreich aktualisiert!")).toBeVisible();

  const after = await storedState("ivo");
  const work = (state: typeof after) =>
    state.weekly.filter((r) => r.availability_type === "work")
      .map((r) => `${r.day_of_week} ${r.start_time.slice(0, 5)}-${r.end_time.slice(0, 5)}`).sort();
  expect(work(after)).toEqual(["1 08:00-12:00", "3 08:00-12:00", "3 13:00-17:00", "6 09:00-13:00"]);
  // Only Monday and Wednesday were written: Saturday's row, the break and the block keep their
  // ids, and the lists the admin did not touch were not sent.
  const untouched = (state: typeof after) =>
    state.weekly.filter((r) => r.availability_type !== "work" || r.day_of_week === 6);
  expect(untouched(after)).toEqual(untouched(before));
  expect(after.vacations).toEqual(before.vacations);
  expect(after.theory).toEqual(before.theory);
});

test("at 390 px each day of the list is one Tab stop: arrows move, Space/Enter toggle, Shift+arrows extend", async ({ browser }) => {
  const page = await signedIn(browser, "tina", phone);
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  const hour = (name: string) => page.getByRole("button", { name: `Montag ${name}`, exact: true });
  const monday = page.locator("#availability-day-0");
  await expect(hour("07:00")).toBeVisible();
  // The hours sit four to a row: 07-10, 11-14, 15-18, 19-20.
  await expect(monday.locator("[data-slot][tabindex='0']")).toHaveCount(1);
  await hour("07:00").focus();
  await page.keyboard.press("ArrowRight");
  await expect(hour("08:00")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(hour("12:00")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(hour("17:00")).toBeFocused();
  await page.keyboard.press("End");
  await expect(hour("18:00")).toBeFocused();
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  const pressed = monday.locator('[data-slot][aria-pressed="true"]');
  await expect(pressed).toHaveCount(4);
  expect(await pressed.evaluateAll((els) => els.map((el) => el.getAttribute("data-slot"))))
    .toEqual(["montag-12:00", "montag-13:00", "montag-15:00", "montag-17:00"]);
  // The hours are one stop: the next Tab leaves them for the day's own button.
  await expect(monday.locator("[data-slot][tabindex='0']")).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Ganzen Tag wählen" })).toBeFocused();
});
