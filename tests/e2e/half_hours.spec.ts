/**
 * Issue 25, point 18, in real Chromium: a working day from 08:30 shows its 08:00 hour as "ab 08:30",
 * and marking 07:00 saves 07:00-19:00, never a half-hour hole the grid does not show.
 */
import { expect, test } from "@playwright/test";
import { cell, desktop, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("half_hours");

test("08:30 shows as 'ab 08:30'; marking 07:00 joins it, other days keep their half hours", async ({ browser }) => {
  const { sql, createUser, baseURL } = app();
  const id = await createUser({ username: "hanna", role: "instructor", first_name: "Hanna" });
  await sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    values (${id}, 'work', 1, '08:30', '19:00'), (${id}, 'work', 2, '08:30', '12:00')`;
  const context = await browser.newContext(desktop);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, baseURL, "hanna");
  await page.goto(`${baseURL}/verfuegbarkeit`);
  await expect(cell(page, "Montag 08:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Montag 08:00")).toContainText("ab 08:30");
  await expect(cell(page, "Dienstag 08:00")).toContainText("ab 08:30");
  // 08:30-19:00 and 08:30-12:00: 14 hours, not the 15 whole cells.
  await expect(page.getByText("14 Stunden pro Woche")).toBeVisible();
  await page.screenshot({ path: "test-results/half_hours_grid.png" });

  await cell(page, "Montag 07:00").click();
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  const rows = await sql`
    select day_of_week::int as day, to_char(start_time, 'HH24:MI') as s,
           to_char(end_time, 'HH24:MI') as e
      from availabilities where user_id = ${id} and availability_type = 'work'
     order by 1, 2`;
  expect(rows.map((r) => `${r.day} ${r.s}-${r.e}`)).toEqual(["1 07:00-19:00", "2 08:30-12:00"]);
  await context.close();
});
