import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitForController } from "./support/service_worker.ts";

// This spec deploys a new version while the app runs, so it serves its own copy of the build.
const builtDist = process.env.WEB_DIST ?? join(process.cwd(), "web/dist");
const deployDir = mkdtempSync(join(tmpdir(), "fahrplan-update-"));
test.beforeAll(() => {
  cpSync(builtDist, deployDir, { recursive: true });
});
const app = useApp("offline_update", { WEB_DIST: deployDir });

test("a new deployment shows 'Neue Version verfügbar' and reloads only on request", async ({ browser }) => {
  test.setTimeout(180_000);
  await app().createUser({ username: "uwe", role: "student", first_name: "Uwe" });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "uwe");
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await waitForController(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "old page"));

  // Deploy: a changed service worker script is a new version for the browser.
  const swPath = join(deployDir, "sw.js");
  writeFileSync(swPath, `${readFileSync(swPath, "utf8")}\n// deployment 2\n`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  const prompt = page.getByRole("alert").filter({ hasText: "Neue Version verfügbar" });
  await expect(prompt).toBeVisible({ timeout: 20_000 });

  // The open app keeps working with the old version until the user decides.
  const cell = page.getByRole("button", { name: "Montag 08:00", exact: true });
  await cell.click();
  await expect(cell).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker))
    .toBe("old page");

  await Promise.all([
    page.waitForEvent("load"),
    prompt.getByRole("button", { name: "Neu laden" }).click(),
  ]);
  await expect(page.getByRole("heading", { name: "Meine wöchentliche Verfügbarkeit" }))
    .toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker))
    .toBeUndefined();
  await expect(page.getByText("Neue Version verfügbar")).toBeHidden();
  await context.close();
});
