import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// The office's "Benachrichtigungen" card shows push messages a push service refused (here a 403,
// as after replaced VAPID keys), in German, on a wide screen and on a phone. How the refusal gets
// into the outbox (the delivery worker against a real push service) is notify/push_delivery.test.ts.
const app = useApp("push_failures");

test.beforeAll(async () => {
  await app().createUser({ username: "chef", role: "admin" });
  await app().sql`
    insert into notification_outbox (event, channel, address, subject, body, status, attempts,
                                     last_error, last_status)
    values ('plan_published', 'push', 'Gerät', 'Ihr Fahrplan', 'Hallo', 'failed', 1,
            'Push-Dienst antwortet 403: the key in the authorization header does not correspond to the sender ID', 403),
           ('lesson_changed', 'push', 'Gerät', 'Termin verschoben', 'Hallo', 'failed', 1,
            'Push-Dienst antwortet 403', 403)
  `;
});

test("the office sees refused push messages with a German explanation", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("admin-tutorial-completed", "true"));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  const card = page.getByRole("region", { name: "Benachrichtigungen" });
  const alert = card.locator(".push-failed .alert");
  await expect(alert).toHaveText(
    "Push-Nachrichten nicht zustellbar: 2 Nachrichten in den letzten 7 Tagen. Der Push-Dienst " +
      "erkennt den Schlüssel der Fahrschule (VAPID) nicht an. Meist wurde der Schlüssel ersetzt, " +
      "nachdem sich die Geräte angemeldet haben (z. B. durch eine Sicherung einer anderen " +
      "Installation), oder PUSH_CONTACT fehlt. Betroffene Personen erlauben Benachrichtigungen " +
      "auf ihrem Gerät neu.",
  );
  await expect(card).toContainText(
    /Zuletzt am \d\d\.\d\d\.\d{4}, \d\d:\d\d: Push-Dienst antwortet 403/,
  );
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: "test-results/push-failures-1440.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: "test-results/push-failures-390.png" });
  // Nothing of the card leaves a phone's width.
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
