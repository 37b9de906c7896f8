/**
 * Issue 23, "Benachrichtigungen" in real Chromium: the dialog fits a 390 px phone and the long
 * "Benachrichtigungen auf diesem Gerät erlauben" button stays inside the dialog on the phone and
 * on the desktop (it used to push the dialog past the screen's right edge, hiding "Speichern").
 */
import { type BrowserContext, expect, type Locator, test } from "@playwright/test";
import { desktop, phone, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("notifications_dialog_fits");

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test.beforeAll(async () => {
  await app().createUser({
    username: "lea",
    role: "student",
    first_name: "Lea",
    last_name: "Lang",
    email: "lea@example.de",
  });
  await app().sql`insert into tutorial_states (user_id, tour)
    select id, 'student' from users where role = 'student'`;
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not visible");
  return found;
}

for (const [name, screen] of [["phone", phone], ["desktop", desktop]] as const) {
  test(`the notifications dialog and its button fit on the ${name}`, async ({ browser }) => {
    const context = await browser.newContext(screen);
    contexts.push(context);
    await skipTutorials(context);
    const page = await context.newPage();
    await loginAs(page, app().baseURL, "lea");
    await page.getByRole("button", { name: "Benutzermenü von Lea Lang" }).click();
    await page.getByRole("button", { name: "Benachrichtigungen" }).click();
    const dialog = page.getByRole("dialog", { name: "Benachrichtigungen" });
    const allow = dialog.getByRole("button", {
      name: "Benachrichtigungen auf diesem Gerät erlauben",
    });
    await expect(allow).toBeVisible();
    await page.screenshot({ path: `test-results/notifications_dialog_fits/${name}.png` });

    const dialogBox = await box(dialog);
    const allowBox = await box(allow);
    const save = await box(dialog.getByRole("button", { name: "Speichern" }));
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(screen.viewport.width);
    expect(save.x + save.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    expect(allowBox.x + allowBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  });
}
