import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { startSmtpPeer } from "../../notify/testing/smtp_peer.ts";

// Issue 23, "Passwort vergessen?" with e-mail set up: the app as `deno task start` runs it (API,
// planner and delivery worker) sends the link through a real SMTP server on loopback; the link
// opens /passwort-neu, the new password works and the old one no longer does.
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const env: Record<string, string> = { FAHRPLAN_NOTIFY_POLL_MS: "300" };
test.beforeAll(async () => {
  smtp = await startSmtpPeer();
  env.SMTP_URL = smtp.url;
  env.SMTP_FROM = "Fahrschule Kley <buero@fahrschule.example>";
});
test.afterAll(async () => {
  await smtp?.close();
});
const app = useApp("forgot_password", env);
test.describe.configure({ mode: "serial" });

test("a forgotten password is replaced through the e-mailed link", async ({ page }) => {
  await app().createUser({
    username: "vera",
    role: "student",
    first_name: "Vera",
    last_name: "Vergesslich",
    email: "vera@example.org",
  });
  await page.goto(`${app().baseURL}/login`);
  await page.getByRole("button", { name: "Passwort vergessen?" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort vergessen?" });
  await dialog.getByLabel("E-Mail-Adresse").fill("vera@example.org");
  await dialog.getByRole("button", { name: "Link senden" }).click();
  await expect(dialog).toContainText(
    "Wenn zu dieser E-Mail-Adresse ein Konto gehört, haben wir einen Link",
  );

  await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
  const mail = smtp.received[0];
  expect(mail.subject).toBe("Neues Passwort für Fahrplan");
  expect(mail.text).toContain("Hallo Vera Vergesslich,");
  const link = mail.text.match(/http:\/\/\S+\/passwort-neu#[0-9a-f]{64}/)![0];
  expect(new URL(link).origin).toBe(app().baseURL);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();
  await page.getByLabel("Neues Passwort", { exact: true }).fill("ein-neues-passwort-1");
  await page.getByLabel("Neues Passwort wiederholen").fill("ein-neues-passwort-1");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Ihr neues Passwort ist gespeichert.")).toBeVisible();
  // The token left the address bar.
  expect(new URL(page.url()).hash).toBe("");
  await page.getByRole("link", { name: "Zur Anmeldung" }).click();
  await loginAs(page, app().baseURL, "vera@example.org", "ein-neues-passwort-1");
});
