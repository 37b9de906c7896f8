/**
 * Issue 25 (user walk): "Regeln prüfen" of the first steps stayed "Offen" after the admin tour,
 * which shows the rules screen but asks no save. Having opened the rules ticks it.
 */
import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("start_checklist_rules");

test.beforeAll(async () => {
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
});

test('opening the rules screen ticks "Regeln prüfen"', async ({ page }) => {
  await loginAs(page, app().baseURL, "chefin");
  await page.goto(`${app().baseURL}/admin-panel`);
  const rules = page.locator(".start-checklist li[data-item='rules']");
  await expect(rules).toContainText("Offen");
  await rules.getByRole("link", { name: "Regeln prüfen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(async () => {
    const [row] = await app().sql`select count(*)::int as n from rules_reviewed`;
    return row.n;
  }).toBe(1);
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(rules).toContainText("Erledigt");
  const [{ n }] = await app().sql`select count(*)::int as n from planner_settings`;
  expect(n).toBe(0);
});
