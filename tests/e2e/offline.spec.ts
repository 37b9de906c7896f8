import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitForController } from "./support/service_worker.ts";

const app = useApp("offline");
const desktop = { viewport: { width: 1280, height: 900 }, serviceWorkers: "allow" as const };

async function openControlled(context: BrowserContext, username: string): Promise<Page> {
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  const page = await context.newPage();
  await loginAs(page, app().baseURL, username);
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await waitForController(page);
  // The page fills the API cache once the worker controls it.
  await page.waitForFunction(
    async () => {
      const cache = await caches.open("fahrplan-api-v1");
      return (await cache.keys()).length >= 4;
    },
    null,
    { timeout: 20_000 },
  );
  // The grid shows once the user's data (and its version) has loaded.
  await expect(cell(page, "Montag 07:00")).toBeVisible();
  return page;
}

function cell(page: Page, name: string) {
  return page.getByRole("button", { name, exact: true });
}

async function versions(username: string) {
  const [row] = await app().sql`
    select availability_version as a, special_dates_version as s from users
    where username = ${username}
  `;
  return row;
}

async function slots(username: string) {
  return (await app().sql`
    -- A save stores merged windows (08:00-14:00); listed here as the hours the grid shows.
    select distinct day_of_week::int as day, to_char(h, 'HH24:MI') as start
    from availabilities a join users u on u.id = a.user_id,
         generate_series(date_trunc('hour', '2000-01-01'::date + a.start_time),
                         '2000-01-01'::date + a.end_time - interval '1 minute',
                         interval '1 hour') as h
    where u.username = ${username} and a.availability_type = 'available'
    order by 1, 2
  `).map((r) => `${r.day} ${r.start}`);
}

test.beforeAll(async () => {
  await app().createUser({ username: "olga", role: "student", first_name: "Olga" });
  await app().createUser({ username: "kai", role: "student", first_name: "Kai" });
});

test("offline: reload works, edits queue, and reach the server exactly once", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext(desktop);
  const page = await openControlled(context, "olga");
  await cell(page, "Montag 08:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  await page.goto(`${app().baseURL}/kalender`);
  await expect(page.getByRole("heading", { name: "Mein Stundenplan" })).toBeVisible();
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(cell(page, "Montag 08:00")).toHaveAttribute("aria-pressed", "true");
  const before = await versions("olga");

  await context.setOffline(true);
  // The worker's own requests fail too, not only the page's.
  const worker = context.serviceWorkers()[0];
  expect(await worker.evaluate(() => fetch("/api/csrf/").then(() => "online", () => "offline")))
    .toBe("offline");

  await page.reload();
  await expect(cell(page, "Montag 08:00")).toHaveAttribute("aria-pressed", "true");
  for (const hour of ["08:00", "09:00", "10:00", "11:00"]) {
    await cell(page, `Dienstag ${hour}`).click();
  }
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Ohne Verbindung vorgemerkt")).toBeVisible();
  await page.getByRole("button", { name: "+ Abwesenheit hinzufügen" }).click();
  await page.getByLabel("Erster Tag", { exact: true }).fill("02.04.2027");
  await page.getByLabel("Erster Tag", { exact: true }).blur();
  await page.getByLabel("Beschreibung (optional)").fill("Urlaub");
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(page.getByTestId("sync-status")).toHaveText("2 Änderungen warten auf Verbindung");

  // The calendar opens offline as well, and a reload keeps the queued edits on screen.
  await page.goto(`${app().baseURL}/kalender`);
  await expect(page.getByRole("heading", { name: "Mein Stundenplan" })).toBeVisible();
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(cell(page, "Dienstag 11:00")).toHaveAttribute("aria-pressed", "true");
  expect(await versions("olga")).toEqual(before);

  const sent: { url: string; key: string; ifMatch: string; body: string }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/my-")) {
      const headers = request.headers();
      sent.push({
        url: request.url(),
        key: headers["idempotency-key"],
        ifMatch: headers["if-match"],
        body: request.postData() ?? "",
      });
    }
  });
  await context.setOffline(false);
  await expect(page.getByTestId("sync-status")).toBeHidden({ timeout: 15_000 });
  expect(await slots("olga")).toEqual(["1 08:00", "2 08:00", "2 09:00", "2 10:00", "2 11:00"]);
  const absences = await app().sql`
    select date::text, is_unavailable, description from special_dates s
    join users u on u.id = s.user_id where u.username = 'olga'
  `;
  expect(absences.map((r) => ({ ...r }))).toEqual([
    { date: "2027-04-02", is_unavailable: true, description: "Urlaub" },
  ]);
  const after = await versions("olga");
  expect(after).toEqual({ a: before.a + 1, s: before.s + 1 });
  expect(sent).toHaveLength(2);

  // A second replay of the same queue (same keys) changes nothing.
  // A signed-in browser's CSRF token belongs to its session (not the pre-login cookie).
  const csrfAnswer = await context.request.get(`${new URL(sent[0].url).origin}/api/csrf/`);
  const csrf = (await csrfAnswer.json()).csrfToken;
  for (const request of sent) {
    const res = await context.request.post(request.url, {
      headers: {
        "Content-Type": "application/json",
        "X-CSRFToken": csrf,
        "Idempotency-Key": request.key,
        "If-Match": request.ifMatch,
      },
      data: request.body,
    });
    expect(res.status()).toBe(200);
    expect(res.headers()["idempotent-replayed"]).toBe("true");
  }
  expect(await versions("olga")).toEqual(after);
  expect(await slots("olga")).toEqual(["1 08:00", "2 08:00", "2 09:00", "2 10:00", "2 11:00"]);
  await context.close();
});

test("two windows editing the same day get a visible conflict, not an overwrite", async ({ browser }) => {
  test.setTimeout(180_000);
  const first = await browser.newContext(desktop);
  const second = await browser.newContext(desktop);
  const a = await openControlled(first, "kai");
  const b = await openControlled(second, "kai");
  await cell(a, "Mittwoch 09:00").click();
  await a.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(a.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();

  await cell(b, "Mittwoch 10:00").click();
  await b.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  const dialog = b.getByRole("dialog", { name: "Konflikt: Wöchentliche Verfügbarkeit" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Ihre Version" })).toContainText(
    "Mittwoch: 10:00",
  );
  await expect(dialog.getByRole("region", { name: "Gespeicherte Version" })).toContainText(
    "Mittwoch: 09:00",
  );
  expect(await slots("kai")).toEqual(["3 09:00"]);
  await dialog.getByRole("button", { name: "Meine Version behalten" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => slots("kai")).toEqual(["3 10:00"]);

  // The first window now holds a stale version: it chooses the stored one.
  await cell(a, "Donnerstag 09:00").click();
  await a.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  const dialogA = a.getByRole("dialog", { name: "Konflikt: Wöchentliche Verfügbarkeit" });
  await dialogA.getByRole("button", { name: "Gespeicherte Version übernehmen" }).click();
  await expect(dialogA).toBeHidden();
  await expect(cell(a, "Mittwoch 10:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(a, "Donnerstag 09:00")).toHaveAttribute("aria-pressed", "false");
  expect(await slots("kai")).toEqual(["3 10:00"]);
  await first.close();
  await second.close();
});

test("a session that ran out while offline keeps the queue and replays after login", async ({ browser }) => {
  test.setTimeout(180_000);
  await app().createUser({ username: "sven", role: "student", first_name: "Sven" });
  const context = await browser.newContext(desktop);
  const page = await openControlled(context, "sven");
  await context.setOffline(true);
  // The session ends while the device is offline, before the edit: no send of the edit, however
  // early, can still find it alive.
  await app()
    .sql`delete from sessions where user_id = (select id from users where username = 'sven')`;
  await cell(page, "Montag 09:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByTestId("sync-status")).toHaveText("1 Änderung wartet auf Verbindung");

  await context.setOffline(false);
  await expect(page.getByTestId("sync-status")).toContainText(
    "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an, um Ihre Änderungen zu übertragen.",
  );
  await expect(page).toHaveURL(/\/login$/);
  expect(await slots("sven")).toEqual([]);

  await loginAs(page, app().baseURL, "sven");
  await expect.poll(() => slots("sven")).toEqual(["1 09:00"]);
  await expect(page.getByTestId("sync-status")).toBeHidden();
  await context.close();
});

test("logout with unsent changes warns, then clears the queue and the cached data", async ({ browser }) => {
  test.setTimeout(180_000);
  await app().createUser({ username: "lotte", role: "student", first_name: "Lotte" });
  const context = await browser.newContext(desktop);
  const page = await openControlled(context, "lotte");
  await context.setOffline(true);
  await cell(page, "Freitag 10:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByTestId("sync-status")).toHaveText("1 Änderung wartet auf Verbindung");

  await page.getByRole("button", { name: "Abmelden" }).click();
  const warning = page.getByRole("dialog", { name: "Nicht übertragene Änderungen" });
  await expect(warning).toContainText(
    "1 Änderung wurde noch nicht übertragen und geht beim Abmelden verloren. Trotzdem abmelden?",
  );
  await warning.getByRole("button", { name: "Trotzdem abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const leftovers = await page.evaluate(async () => {
    const cached = (await caches.keys()).includes("fahrplan-api-v1");
    const queue = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open("fahrplan-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const read = open.result.transaction("queue").objectStore("queue").get("writes");
        read.onsuccess = () => resolve(read.result ?? null);
      };
    });
    return { cached, queue };
  });
  expect(leftovers).toEqual({ cached: false, queue: null });
  await context.setOffline(false);
  expect(await slots("lotte")).toEqual([]);
  await context.close();
});

test("signing out offline ends the session once the connection is back", async ({ browser }) => {
  test.setTimeout(180_000);
  await app().createUser({ username: "paula", role: "student", first_name: "Paula" });
  const sessions = async () =>
    (await app().sql`
      select count(*)::int as n from sessions s join users u on u.id = s.user_id
      where u.username = 'paula'`)[0].n;
  const context = await browser.newContext(desktop);
  const page = await openControlled(context, "paula");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The request could not leave the device: the server still knows the session.
  expect(await sessions()).toBe(1);

  // A shared phone: whoever opens the app next, offline or online, meets the sign-in page.
  await page.reload();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await context.setOffline(false);
  await page.goto(`${app().baseURL}/kalender`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await expect.poll(sessions).toBe(0);
  await context.close();
});
