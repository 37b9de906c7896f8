import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 25, point 10: "+ N weitere" on the dashboard opens the whole activity log, which pages
// and filters by day range, kind and text, and keeps its lines as long as the school sets.
const app = useApp("activity_log");
const shots = "test-results/activity_log";

test.beforeAll(async () => {
  const a = app();
  await a.createUser({ username: "chef", role: "admin", first_name: "Jana", last_name: "Krüger" });
  await a.sql`delete from audit_log`;
  // 28 lines, one a day back from today: 27 vehicle lines and one lesson of Lena Becker's.
  await a.sql`
    insert into audit_log (actor_name, action, summary, created_at)
    select 'Jana Krüger', 'vehicle.update', 'Fahrzeug DO-AB ' || d || ' geändert',
           now() - make_interval(days => d)
      from generate_series(1, 27) d
  `;
  await a.sql`
    insert into audit_log (actor_name, action, summary, created_at)
    values ('System', 'appointment.create', 'Fahrstunde von Lena Becker mit Anna Berg angelegt',
            now() - interval '40 days')
  `;
});

test("the dashboard's '+ N weitere' opens the whole log, paged and filtered", async ({ page }) => {
  const { baseURL } = app();
  await page.addInitScript(() => localStorage.setItem("admin-tutorial-completed", "true"));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await loginAs(page, baseURL, "chef");
  await page.goto(`${baseURL}/admin-panel`);
  await page.getByRole("link", { name: "+ 18 weitere" }).click();
  await expect(page).toHaveURL(/\/aktivitaeten$/);
  await expect(page.getByRole("heading", { name: "Aktivitäten", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Aktivitäten" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("Fahrzeug DO-AB 1 geändert");
  await expect(rows.first()).toContainText("Fahrzeuge");
  await page.screenshot({ path: `${shots}/activity_1440.png`, fullPage: true });

  await page.getByRole("navigation", { name: "Seiten der Aktivitäten" })
    .getByRole("button", { name: "Nächste Seite" }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText("Fahrstunde von Lena Becker mit Anna Berg angelegt");

  await page.getByLabel("Art", { exact: true }).selectOption({ label: "Termine" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Lena Becker");
  await expect(page).toHaveURL(/art=appointment/);

  await page.getByLabel("Art", { exact: true }).selectOption({ label: "Alle Arten" });
  await page.getByLabel("Aktivitäten durchsuchen").fill("do-ab 2");
  // DO-AB 2 and DO-AB 20 … 27.
  await expect(rows).toHaveCount(9);

  // A shorter retention deletes the older lines at once and says so.
  await page.getByLabel("Aktivitäten durchsuchen").fill("");
  await expect(rows).toHaveCount(25);
  await page.getByLabel("Einträge aufbewahren (Monate)").fill("1");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Aktivitäten werden 1 Monat aufbewahrt.")).toBeVisible();
  await expect(page.getByText("Fahrstunde von Lena Becker")).toHaveCount(0);
  expect((await app().sql`select 1 from audit_log where action = 'appointment.create'`).length)
    .toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/activity_390.png`, fullPage: true });
});
