import { expect, type Page, test } from "@playwright/test";
import { root, useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { expectDrawnDark, useDarkTheme } from "./support/theme.ts";

const app = useApp("planner");
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app().seed(`${root}solver/examples/mittel.json`);
  await app().createUser({
    username: "chef",
    role: "admin",
    first_name: "Jana",
    last_name: "Krüger",
  });
});

async function maxLessonsPerInstructorDay(): Promise<number> {
  const [row] = await app().sql`
    select coalesce(max(n), 0)::int as max from (
      select instructor_id, (starts_at at time zone 'Europe/Berlin')::date, count(*) as n
        from appointments where status <> 'cancelled' group by 1, 2) per_day
  `;
  return row.max;
}

/** Starts a run on the dashboard and returns the number the success toast names. */
async function planOnDashboard(page: Page): Promise<number> {
  await page.goto(`${app().baseURL}/admin-panel`);
  await page.getByRole("button", { name: "KI-Planung starten" }).click();
  await expect(page.getByText("Planung läuft", { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Fortschritt der Planung" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Abbrechen", exact: true })).toBeVisible();
  const toast = page.locator(".toast").filter({ hasText: /\d+ Termine wurden erstellt\./ });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  return Number((await toast.innerText()).match(/(\d+) Termine wurden erstellt\./)![1]);
}

test("the admin starts planning on /admin-panel and sees the result", async ({ page }) => {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(page.getByRole("heading", { name: "KI-Planung" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Constraints-Einstellungen/ })).toBeVisible();
  await expect(page.getByText("Statistiken").locator("..")).toContainText("Demnächst verfügbar");

  const created = await planOnDashboard(page);
  const [count] = await app().sql`
    select count(*)::int as n, count(distinct planner_job_id)::int as jobs from appointments
  `;
  expect(created).toBeGreaterThan(600);
  expect(count.n).toBe(created);
  expect(count.jobs).toBe(1);

  await expect(page.getByText("Planung abgeschlossen", { exact: true })).toBeVisible();
  await expect(page.locator(".planner-quality")).toContainText(
    // Either proven optimal or an honest "höchstens N Fahrstunden mehr möglich" (issue 13).
    new RegExp(`${created} Fahrstunden geplant( – optimal \\(bewiesen\\)|; höchstens \\d+)`),
  );
  // Fairness to instructors (issue 20): the lowest and the highest instructor share.
  await expect(page.locator(".planner-tile").filter({ hasText: "Fahrlehrer-Auslastung" }))
    .toContainText(/niedrigste \d+(,\d)? %, höchste \d+(,\d)? %/);
  await expect(page.getByRole("button", { name: "Schließen", exact: true })).toBeVisible();
  await page.locator(".planner-unplanned summary").click();

  // The finished run was reset on the server: a reload shows the idle card.
  await page.reload();
  await expect(page.getByRole("button", { name: "KI-Planung starten" })).toBeEnabled();
  await expect(page.getByText("Planung abgeschlossen", { exact: true })).toHaveCount(0);
});

test("settings are saved on the server and a lower daily maximum lowers the next plan", async ({ page }) => {
  const before = await maxLessonsPerInstructorDay();
  // The lowest allowed daily maximum, so the test does not hang on how full the first plan is.
  expect(before).toBeGreaterThan(4);

  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/constraints-settings`);
  await expect(page.getByRole("heading", { name: "Constraints-Einstellungen" })).toBeVisible();
  await expect(page.getByText("Immer aktiv")).toBeVisible();
  await expect(page.getByText(
    "Für diese Regel wäre ein Wetterdienst nötig, der nicht angebunden ist. Sie ist deshalb deaktiviert.",
  )).toBeVisible();
  await expect(page.getByRole("switch", { name: "Wetter berücksichtigen" })).toBeDisabled();
  await expect(page.getByText("5 aktiv")).toHaveCount(2);

  await page.getByRole("slider", { name: "Stunden pro Tag", exact: true }).fill("4");
  await page.getByRole("switch", { name: "Fahrlehrer-Kontinuität" }).uncheck({ force: true });
  await expect(page.getByText("4 aktiv")).toBeVisible();
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Einstellungen gespeichert! 5 harte und 4 weiche Regeln aktiv."))
    .toBeVisible();

  await page.reload();
  await expect(page.getByRole("slider", { name: "Stunden pro Tag", exact: true })).toHaveValue("4");
  await expect(page.getByRole("switch", { name: "Fahrlehrer-Kontinuität" })).not.toBeChecked();
  await useDarkTheme(page);
  await expectDrawnDark(page.getByRole("heading", { name: "Harte Regeln" }));
  await page.evaluate(() => localStorage.setItem("color-theme", "light"));

  // Start over (as the bulk delete does), so the new plan is not built around the old one.
  await app().sql`delete from appointments`;
  const created = await planOnDashboard(page);
  expect(created).toBeGreaterThan(0);
  const after = await maxLessonsPerInstructorDay();
  expect(after).toBeLessThanOrEqual(4);
  expect(after).toBeLessThan(before);

  await page.goto(`${app().baseURL}/constraints-settings`);
  await page.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(page.getByText("Einstellungen zurückgesetzt!")).toBeVisible();
  await expect(page.getByRole("slider", { name: "Stunden pro Tag", exact: true })).toHaveValue("8");
  await page.getByRole("button", { name: "Abbrechen", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-panel$/);
});
