import { expect, test } from "@playwright/test";
import { root, useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// This file's app runs its solver slowly (each planner step held 1.5 s), so a run can be watched
// and cancelled in the browser.
const app = useApp("planner_states", { FAHRPLAN_SOLVER_STEP_DELAY_MS: "1500" });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app().seed(`${root}solver/examples/klein.json`);
  await app().createUser({ username: "chef", role: "admin" });
});

test("a running plan shows progress and the clock, and cancel stops it", async ({ page }) => {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await page.getByRole("button", { name: "KI-Planung starten" }).click();
  const card = page.locator(".planner-progress");
  await expect(card).toHaveClass(/planner-running/);
  // Real progress from the worker: a German step, a percentage and the variables counter.
  await expect(page.getByText(/\d+ von \d+ Variablen verarbeitet/)).toBeVisible({
    timeout: 15_000,
  });
  const bar = page.getByRole("progressbar", { name: "Fortschritt der Planung" });
  await expect(bar).not.toHaveAttribute("aria-valuenow", "0");
  const clock = page.getByLabel("Verstrichene Zeit");
  const first = await clock.innerText();
  await expect(clock).not.toHaveText(first, { timeout: 3000 });
  expect(await clock.innerText()).toMatch(/^\d\d:\d\d$/);

  await page.getByRole("button", { name: "Abbrechen", exact: true }).click();
  await expect(page.locator(".toast-warning")).toContainText("Die Planung wurde abgebrochen.");
  await expect(card).toHaveClass(/planner-cancelled/);
  // "Letzte Aktivitäten" reads the server's log: the start and the cancel, newest first.
  const activity = page.getByTestId("recent-activity").getByRole("listitem");
  await expect(activity.nth(0)).toContainText("Planung abgebrochen");
  await expect(activity.nth(1)).toContainText("Planung gestartet");
  // The cancelled card clears after 3 s.
  await expect(card).toHaveCount(0, { timeout: 5000 });
  // The worker saw the cancel at its next heartbeat and stopped planning: from then on it cannot
  // write this plan, so nothing written now means nothing is written at all.
  const [job] = await app().sql`select id::int, status from planner_jobs order by id desc limit 1`;
  await expect.poll(() => app().output(), { timeout: 15_000 }).toContain(
    `Auftrag ${job.id}: abgebrochen oder übernommen, Planung gestoppt`,
  );
  const [row] = await app().sql`select count(*)::int as n from appointments`;
  expect(row.n).toBe(0);
  expect(job.status).toBe("cancelled");
});

test("a failed run shows the worker's German message in red", async ({ page }) => {
  // Signing in lands on /admin-panel, which shows a finished outcome once and dismisses it: the
  // job must come after that landing, or a fast worker fails it in time for the landing to eat it.
  const landingRead = page.waitForResponse((res) =>
    res.url().includes("/api/admin/planner-progress/")
  );
  await loginAs(page, app().baseURL, "chef");
  await landingRead;
  // A job whose workers died twice: the next claim fails it with a message.
  await app().sql`
    insert into planner_jobs (status, worker_id, attempts, heartbeat_at, started_at)
    values ('running', 'tot:1', 2, now() - interval '1 minute', now() - interval '2 minutes')
  `;
  await page.goto(`${app().baseURL}/admin-panel`);
  const card = page.locator(".planner-progress");
  await expect(card).toHaveClass(/planner-error/, { timeout: 15_000 });
  await expect(card).toContainText(
    "Die Planung wurde abgebrochen, weil der Planungsdienst mehrmals ausgefallen ist.",
  );
  // The worker's failure is in the activity log too, written by "System".
  await expect(page.getByTestId("recent-activity").getByRole("listitem").first()).toContainText(
    "Planung fehlgeschlagen: Die Planung wurde abgebrochen, weil der Planungsdienst mehrmals " +
      "ausgefallen ist.",
  );
  await expect(card).toHaveCount(0, { timeout: 5000 });
});

test("a second start while one runs shows the server's 409 message", async ({ page }) => {
  await loginAs(page, app().baseURL, "chef");
  // The card reads the progress once on load; the job below must come after that read.
  const progressRead = page.waitForResponse((res) =>
    res.url().includes("/api/admin/planner-progress/")
  );
  await page.goto(`${app().baseURL}/admin-panel`);
  await progressRead;
  await expect(page.getByRole("button", { name: "KI-Planung starten" })).toBeEnabled();
  // Another admin starts a run just before this one clicks.
  await app().sql`insert into planner_jobs (status) values ('queued')`;
  await page.getByRole("button", { name: "KI-Planung starten" }).click();
  await expect(page.locator(".toast-error")).toContainText(
    "Es läuft bereits eine Planung. Bitte warten Sie, bis sie abgeschlossen ist.",
  );
  await app()
    .sql`update planner_jobs set status = 'cancelled' where status in ('queued', 'running')`;
});
