import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 23, what the office sees of the notifications on the dashboard's "Benachrichtigungen"
// card: addresses that refused an e-mail, messages that may have gone out twice after the delivery
// worker was stopped mid-send (decision 0019), and the school's reminder time, which each person
// then sees in their own "Benachrichtigungen" dialog. No SMTP_URL here; the outbox rows stand for
// what the delivery worker wrote (notify/delivery.test.ts and the crash tests make them for real).
const app = useApp("notification_status");
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  await app().createUser({ username: "chef", role: "admin" });
  const lena = await app().createUser({
    username: "lena",
    role: "student",
    first_name: "Lena",
    last_name: "Lernt",
    email: "lena@example.org",
  });
  await app().sql`
    insert into notification_outbox (user_id, event, address, subject, body, status, last_error,
                                     uncertain_resends)
    values (${lena}, 'lesson_changed', 'lena@example.org', 'Termin verschoben', '', 'failed',
            '550 5.1.1 Mailbox unbekannt', 0),
           (${lena}, 'reminder', 'lena@example.org', 'Erinnerung', '', 'sent', null, 2)`;
});

test("the office sees refused addresses and possible double deliveries, in German", async ({ page }) => {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  const card = page.getByRole("region", { name: "Benachrichtigungen" });
  await expect(card.getByRole("alert")).toHaveText(
    "Nicht zustellbar: 1 Adresse hat E-Mails abgelehnt. Bitte die Adresse in den Personendaten " +
      "prüfen.",
  );
  const row = card.getByRole("row").filter({ hasText: "lena@example.org" });
  await expect(row).toContainText("Lena Lernt");
  await expect(row).toContainText("550 5.1.1 Mailbox unbekannt");
  const note = card.getByRole("note");
  await expect(note).toContainText(
    "Vielleicht doppelt zugestellt: 2 Nachrichten in den letzten 30 Tagen.",
  );
  await expect(note).toContainText("Zu tun ist nichts");
});

test("the office sets the reminder time; each person's dialog shows it", async ({ page, browser }) => {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  const card = page.getByRole("region", { name: "Benachrichtigungen" });
  const hours = card.getByLabel("Erinnerung vor jedem Termin (Stunden)");
  await expect(hours).toHaveValue("24");
  await hours.fill("12");
  await card.getByRole("button", { name: "Speichern" }).click();
  await expect(page.locator(".toast").filter({ hasText: "Erinnerungszeit gespeichert" }))
    .toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Erinnerung vor jedem Termin (Stunden)")).toHaveValue("12");
  const [{ reminder_hours }] = await app().sql`select reminder_hours from school_settings`;
  expect(reminder_hours).toBe(12);

  const context = await browser.newContext();
  // The student tutorial would start by itself and shield the page; it has its own tests.
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  const lena = await context.newPage();
  await loginAs(lena, app().baseURL, "lena");
  await lena.getByRole("button", { name: /Benutzermenü/ }).click();
  await lena.getByRole("button", { name: "Benachrichtigungen" }).click();
  const dialog = lena.getByRole("dialog", { name: "Benachrichtigungen" });
  await expect(dialog.getByLabel("Erinnerung vor jedem Termin (12 Stunden vorher)").first())
    .toBeVisible();
  await context.close();
});
