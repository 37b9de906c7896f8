import { expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { expectDrawnDark, useDarkTheme } from "./support/theme.ts";

const app = useApp("dashboard_stats");
test.describe.configure({ mode: "serial" });

const ids: Record<string, number> = {};

/** A lesson on Berlin's today + `days` at `hour`:00, one hour long. */
async function lesson(student: number, instructor: number, days: number, hour: number) {
  await app().sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    select ${student}::bigint, ${instructor}::bigint, 'manual', t, t + interval '1 hour'
      from (select (((now() at time zone 'Europe/Berlin')::date + ${days}::int)
                    + make_time(${hour}::int, 0, 0)) at time zone 'Europe/Berlin' as t) x
  `;
}

test.beforeAll(async () => {
  const a = app();
  // Every day a planned weekday, so the utilization below does not depend on today's date
  // (how many Sundays the next 30 days hold).
  await a.sql`update school_settings set planned_weekdays = '{1,2,3,4,5,6,7}'`;
  await a.createUser({ username: "chef", role: "admin", first_name: "Jana", last_name: "Krüger" });
  ids.anna = await a.createUser({
    username: "anna.berg",
    role: "instructor",
    first_name: "Anna",
    last_name: "Berg",
  });
  ids.bernd = await a.createUser({
    username: "bernd.ost",
    role: "instructor",
    first_name: "Bernd",
    last_name: "Ost",
  });
  await a.createUser({
    username: "carla.dorn",
    role: "instructor",
    first_name: "Carla",
    last_name: "Dorn",
  });
  for (const k of [1, 2, 3, 4]) {
    ids[`s${k}`] = await a.createUser({
      username: `s${k}`,
      role: "student",
      first_name: `Schüler${k}`,
      last_name: "Test",
    });
  }
  // Anna works 08-12 every day (4 h x 30 days = 120 h), Bernd 08-10 (60 h), Carla not at all.
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select ${ids.anna}::bigint, 'work', d, '08:00'::time, '12:00'::time from generate_series(1, 7) d
    union all
    select ${ids.bernd}::bigint, 'work', d, '08:00'::time, '10:00'::time from generate_series(1, 7) d
  `;
  // Students state 08-12 on weekdays, so the planner can place them later.
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select s, 'available', d, make_time(h, 0, 0), make_time(h + 1, 0, 0)
      from unnest(${[ids.s1, ids.s2, ids.s3, ids.s4]}::bigint[]) s,
           generate_series(1, 5) d, generate_series(8, 11) h
  `;
  // Hours still to drive (issue 25, point 11): s1 4, s2 5, s3 2, s4 10.
  for (const [k, hours] of [[1, 4], [2, 5], [3, 2], [4, 10]]) {
    await a.sql`update student_profiles set required_manual_hours = ${hours},
                required_automatic_hours = 0, completed_manual_hours = 0,
                completed_automatic_hours = 0 where user_id = ${ids[`s${k}`]}`;
  }
  // s1: 3 lessons with Anna, s2: 1 with Bernd, s3 and s4: none.
  for (const day of [2, 3, 4]) await lesson(ids.s1, ids.anna, day, 9);
  await lesson(ids.s2, ids.bernd, 5, 8);
});

async function openDashboard(page: Page) {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(page.getByRole("heading", { name: "Fairness" })).toBeVisible();
}

test("the admin sees fairness and workload figures of the seeded lessons", async ({ page }) => {
  await openDashboard(page);
  const fairness = page.getByRole("region", { name: "Fairness" });
  // Students' lessons 3, 1, 0, 0: half have lessons (50 % is not above 50: red).
  const share = page.getByTestId("fairness-share");
  await expect(share).toContainText("50 %");
  await expect(share).toContainText("2 von 4");
  await expect(share).toHaveClass(/stat-tile-error/);
  const value = (id: string) => page.getByTestId(id).locator(".stat-tile-value");
  await expect(value("fairness-without")).toHaveText("2");
  await expect(value("fairness-average")).toHaveText("1");
  await expect(page.getByTestId("fairness-average")).toContainText("Ø 2 bei Fahrschülern");
  // Population standard deviation of 3, 1, 0, 0 = sqrt(1.5) = 1.22.
  await expect(value("fairness-score")).toHaveText("1,22");
  await expect(fairness).toContainText(
    "Standardabweichung der Termine je Fahrschüler – je kleiner, desto gleichmäßiger",
  );
  const bars = page.getByTestId("fairness-distribution");
  // Shares of the need: s1 3 of 4 = 75 %, s2 1 of 5 = 20 %, s3 and s4 none.
  await expect(bars.locator(".sr-only")).toHaveText([
    "0–20 % des Bedarfs verplant: 3 Fahrschüler",
    "21–40 % des Bedarfs verplant: 0 Fahrschüler",
    "41–60 % des Bedarfs verplant: 0 Fahrschüler",
    "61–80 % des Bedarfs verplant: 1 Fahrschüler",
    "81–100 % des Bedarfs verplant: 0 Fahrschüler",
  ]);
  await expect(page.getByTestId("fairness-without-need")).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await bars.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/office-fairness-1440.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await bars.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/office-fairness-390.png" });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Instructors' lessons 3, 1, 0; utilization 3/120 = 2.5 %, 1/60 = 1.7 %, 0 -> mean 1.4 %.
  await expect(page.getByRole("heading", { name: "Auslastung der Fahrlehrer" })).toBeVisible();
  const utilization = page.getByTestId("workload-utilization");
  await expect(utilization).toContainText("1,4 %");
  await expect(utilization).toContainText("niedrig (gut über 60 %, mittel über 30 %)");
  await expect(utilization).toHaveClass(/stat-tile-error/);
  await expect(page.getByTestId("workload-with")).toContainText("2 von 3");
  await expect(page.getByTestId("workload-with")).toContainText("66,7 %");
  await expect(value("workload-average")).toHaveText("1,33");
  await expect(value("workload-range")).toHaveText("0 – 3");
  await expect(page.getByTestId("workload-distribution").locator(".sr-only")).toHaveText([
    "0 Termine: 1 Fahrlehrer",
    "1-10 Termine: 2 Fahrlehrer",
    "11-20 Termine: 0 Fahrlehrer",
    "21-30 Termine: 0 Fahrlehrer",
    "31-40 Termine: 0 Fahrlehrer",
    "41+ Termine: 0 Fahrlehrer",
  ]);
  await expect(page.getByTestId("workload-utilization-distribution").locator(".sr-only"))
    .toHaveText([
      "Auslastung 0%: 1 Fahrlehrer",
      "Auslastung 1-20%: 2 Fahrlehrer",
      "Auslastung 21-40%: 0 Fahrlehrer",
      "Auslastung 41-60%: 0 Fahrlehrer",
      "Auslastung 61-80%: 0 Fahrlehrer",
      "Auslastung 81-100%: 0 Fahrlehrer",
    ]);
  const top = page.getByTestId("workload-top-utilization").locator("li");
  await expect(top).toHaveCount(2);
  await expect(top.nth(0)).toContainText("Anna Berg");
  await expect(top.nth(0)).toContainText("3 Termine");
  await expect(top.nth(0)).toContainText("2,5 %");
  await expect(top.nth(1)).toContainText("Bernd Ost");
  await expect(top.nth(1)).toContainText("1,7 %");

  await useDarkTheme(page);
  await expect(page.getByTestId("fairness-score")).toContainText("1,22");
  await expectDrawnDark(page.getByTestId("fairness-score"));
  await page.evaluate(() => localStorage.setItem("color-theme", "light"));
});

test("the instructors list shows the dashboard's utilization; each tile says what it counts", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId("workload-utilization")).toContainText(
    "Mittel der aktiven Fahrlehrer · nächste 30 Tage, ohne stornierte",
  );
  await expect(page.getByTestId("fairness-share")).toContainText(
    "Aktive Fahrschüler mit Fahrstunden · nächste 30 Tage, ohne stornierte",
  );
  await expect(page.getByTestId("count-Termine").locator("..")).toContainText(
    "Alle Termine, vergangene und kommende, ohne stornierte",
  );
  const top = page.getByTestId("workload-top-utilization").locator("li");
  await expect(top.nth(0)).toContainText("2,5 %");

  // Issue 11: the same figure, from the same API function, on /instructors.
  await page.goto(`${app().baseURL}/instructors`);
  const column = (name: RegExp) =>
    page.getByRole("row", { name }).locator("td .instructor-utilization");
  await expect(column(/Anna Berg/)).toContainText("2,5 %");
  await expect(column(/Anna Berg/)).toContainText("3 von 120 h");
  await expect(column(/Bernd Ost/)).toContainText("1,7 %");
  await expect(column(/Bernd Ost/)).toContainText("1 von 60 h");
  await expect(column(/Carla Dorn/)).toContainText("0 %");
});

test("the figures reload after a successful planner run", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId("fairness-share")).toContainText("2 von 4");
  await page.getByRole("button", { name: "KI-Planung starten" }).click();
  await expect(page.locator(".toast").filter({ hasText: /\d+ Termine wurden erstellt\./ }))
    .toBeVisible({ timeout: 60_000 });

  const [after] = await app().sql`
    select count(distinct student_id)::int as students from appointments
     where status <> 'cancelled'
       and starts_at >= ((now() at time zone 'Europe/Berlin')::date + 1)::timestamp
                        at time zone 'Europe/Berlin'
  `;
  expect(after.students).toBe(4);
  // Without reloading the page: every student now has lessons -> 100 %, green.
  await expect(page.getByTestId("fairness-share")).toContainText("4 von 4");
  await expect(page.getByTestId("fairness-share")).toContainText("100 %");
  await expect(page.getByTestId("fairness-share")).toHaveClass(/stat-tile-success/);
});
