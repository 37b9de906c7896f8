import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 14 (8): the availabilities list filters by role, person and weekday, and reaches its
// last page in one click.
const app = useApp("availabilities_filters");

test("the admin filters the availabilities and jumps to the first and last page", async ({ page }) => {
  const { sql, createUser, baseURL } = app();
  await createUser({ username: "chefin", role: "admin" });
  const anna = await createUser({
    username: "anna",
    role: "instructor",
    first_name: "Anna",
    last_name: "Lehrer",
  });
  const ben = await createUser({
    username: "ben",
    role: "student",
    first_name: "Ben",
    last_name: "Schüler",
  });
  const cem = await createUser({
    username: "cem",
    role: "student",
    first_name: "Cem",
    last_name: "Schüler",
  });
  // 130 rows of Ben (7 pages of 20), two of Anna, one of Cem.
  await sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${ben}, 'available', (i % 5) + 1, make_time(7 + (i % 13), 0, 0),
           make_time(8 + (i % 13), 5 * (i / 65), 0)
      from generate_series(1, 130) as i`;
  await sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${anna}, 'work', 3, '08:00', '16:00'), (${anna}, 'work', 4, '08:00', '16:00'),
           (${cem}, 'available', 3, '10:00', '11:00')`;

  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/availabilities-list`);
  const rows = page.getByRole("table", { name: "Verfügbarkeiten" }).locator("tbody tr");
  await expect(rows).toHaveCount(20);
  const pages = page.getByRole("navigation", { name: "Seiten der Verfügbarkeitsliste" });
  await pages.getByRole("button", { name: "Letzte Seite" }).click();
  await expect(pages.getByRole("button", { name: "Seite 7" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(rows).toHaveCount(13);
  await expect(pages.getByRole("button", { name: "Letzte Seite" })).toBeDisabled();
  await pages.getByRole("button", { name: "Erste Seite" }).click();
  await expect(pages.getByRole("button", { name: "Seite 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Role: only Anna's two working times.
  await page.getByLabel("Rolle", { exact: true }).selectOption({ label: "Fahrlehrer" });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Anna Lehrer" })).toHaveCount(2);
  await expect(pages).toHaveCount(0);

  // Weekday on top: Wednesday only.
  await page.getByLabel("Wochentag", { exact: true }).selectOption({ label: "Mittwoch" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Mittwoch");

  // All roles, Wednesday: Anna, Cem and Ben's Wednesdays; then Cem alone.
  await page.getByLabel("Rolle", { exact: true }).selectOption({ label: "Alle Rollen" });
  await page.getByLabel("Person", { exact: true }).selectOption({
    label: "Cem Schüler (Fahrschüler)",
  });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Cem Schüler");
  await expect(rows.first()).toContainText("10:00");
});
