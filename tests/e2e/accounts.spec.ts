import { expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Accounts people can keep and the calendar subscription (issue 23), in Chromium against the real
// app: the first admin's forced password, "Passwort ändern", the office's reset with the card PDF,
// deactivating from the delete dialog, "Kalender abonnieren" and the office's view of the address.
const app = useApp("accounts");

test.describe.configure({ mode: "serial" });

const shots = "test-results/accounts";

test.beforeAll(async () => {
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
  await app().createUser({
    username: "lena",
    role: "student",
    first_name: "Lena",
    last_name: "Lernt",
    email: "lena@example.de",
  });
  await app().createUser({
    username: "paul",
    role: "student",
    first_name: "Paul",
    last_name: "Pause",
  });
  // The students' availability tour would cover the screens this spec looks at.
  await app().sql`
    insert into tutorial_states (user_id, tour)
    select id, 'student' from users where role = 'student'
  `;
});

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("the first admin must choose a password before anything else", async ({ page }) => {
  const { baseURL } = app();
  const printed = /Passwort:\s+(\S+)/.exec(app().output())?.[1];
  expect(printed, "the start log prints the first admin's password").toBeTruthy();
  await loginAs(page, baseURL, "admin", printed!);
  await expect(page.getByRole("heading", { name: "Eigenes Passwort wählen" })).toBeVisible();
  await page.goto(`${baseURL}/students`);
  await expect(page.getByRole("heading", { name: "Eigenes Passwort wählen" })).toBeVisible();
  await page.screenshot({ path: `${shots}/forced_password.png`, fullPage: true });

  await page.getByLabel("Aktuelles Passwort").fill(printed!);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await page.getByLabel("Neues Passwort wiederholen").fill("kurz");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "mindestens 10 Zeichen" }))
    .toBeVisible();
  await page.getByLabel("Neues Passwort", { exact: true }).fill("Mein eigenes Passwort");
  await page.getByLabel("Neues Passwort wiederholen").fill("Mein eigenes Passwort");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByRole("heading", { name: "Fahrschüler", level: 1 })).toBeVisible();
  await signOut(page);
  await loginAs(page, baseURL, "admin", "Mein eigenes Passwort");
  await expect(page.getByRole("heading", { name: "Eigenes Passwort wählen" })).toHaveCount(0);
});

test("a student changes their password from the avatar menu; e-mail signs in too", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "lena@example.de");
  await page.getByRole("button", { name: "Benutzermenü von Lena Lernt" }).click();
  await page.getByRole("button", { name: "Passwort ändern" }).click();
  const dialog = page.getByRole("dialog", { name: "Passwort ändern" });
  await dialog.getByLabel("Aktuelles Passwort").fill("falsch-falsch-falsch");
  await dialog.getByLabel("Neues Passwort", { exact: true }).fill("Ganz neues Passwort 7");
  await dialog.getByLabel("Neues Passwort wiederholen").fill("Ganz neues Passwort 7");
  await dialog.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Das aktuelle Passwort ist nicht richtig.");
  await page.screenshot({ path: `${shots}/change_password.png` });
  await dialog.getByLabel("Aktuelles Passwort").fill("geheim-passwort-1");
  await dialog.getByRole("button", { name: "Passwort ändern" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ihr Passwort wurde geändert." }))
    .toBeVisible();
  await expect(dialog).toHaveCount(0);
  await signOut(page);
  await loginAs(page, baseURL, "lena", "Ganz neues Passwort 7");
});

test("the office resets a password: shown once, as a card PDF, the old one fails", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/students`);
  await page.getByRole("button", { name: "Paul Pause", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "Fahrschüler-Details" });
  await expect(detail.getByRole("heading", { name: "Zugang" })).toBeVisible();
  await detail.getByRole("button", { name: "Passwort zurücksetzen" }).click();
  const confirm = page.getByRole("dialog", { name: "Passwort zurücksetzen" });
  await expect(confirm).toContainText("gilt sofort nicht mehr");
  await confirm.getByRole("button", { name: "Passwort zurücksetzen" }).click();
  const shown = page.getByRole("dialog", { name: "Neues Passwort" });
  const password = (await shown.getByTestId("credentials-password").textContent())!;
  expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
  await expect(shown.getByTestId("credentials-username")).toHaveText("paul");
  await page.screenshot({ path: `${shots}/reset_password.png` });
  const download = page.waitForEvent("download");
  await shown.getByRole("button", { name: "Zugangskarte (PDF)" }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe("fahrplan-zugangsdaten-paul.pdf");
  await shown.getByRole("button", { name: "Fertig" }).click();
  await expect(shown).toHaveCount(0);

  // The office sees Paul's subscription address to read out or send.
  await detail.getByRole("button", { name: "Adresse anzeigen" }).click();
  const address = await detail.getByLabel("Kalender-Abo").inputValue();
  expect(address).toMatch(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  await detail.screenshot({ path: `${shots}/person_access.png` });

  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await other.goto(`${baseURL}/login`);
  await other.getByLabel("E-Mail-Adresse").fill("paul");
  await other.getByLabel("Passwort", { exact: true }).fill("geheim-passwort-1");
  await other.getByRole("button", { name: "Anmelden" }).click();
  await expect(other.getByRole("alert")).toContainText("Anmeldung fehlgeschlagen");
  await loginAs(other, baseURL, "paul", password);
  await context.close();
});

test("the delete dialog offers Deaktivieren first; an inactive student cannot sign in", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/students`);
  await page.getByRole("button", { name: "Paul Pause löschen" }).click();
  const dialog = page.getByRole("dialog", { name: "Fahrschüler löschen" });
  await expect(dialog).toContainText("Möchten Sie Paul Pause wirklich löschen?");
  const buttons = await dialog.getByRole("button").allTextContents();
  expect(buttons.indexOf("Deaktivieren")).toBeLessThan(buttons.indexOf("Löschen"));
  await page.screenshot({ path: `${shots}/delete_or_deactivate.png` });
  await dialog.getByRole("button", { name: "Deaktivieren" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Paul Pause wurde deaktiviert." }))
    .toBeVisible();
  await expect(page.getByRole("row", { name: /Paul Pause/ }).getByText("Inaktiv")).toBeVisible();
  const [kept] = await app().sql`select count(*)::int as n from users where username = 'paul'`;
  expect(kept.n).toBe(1);
  await signOut(page);

  // The reset password of the test above is not kept here: Paul gets Clara's (known) hash back.
  await app().sql`
    update users set password_hash = (select password_hash from users where username = 'chefin')
     where username = 'paul'
  `;
  await page.getByLabel("E-Mail-Adresse").fill("paul");
  await page.getByLabel("Passwort", { exact: true }).fill("geheim-passwort-1");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Dieses Konto ist deaktiviert. Bitte wenden Sie sich an die Fahrschule.",
  );
});

test("Kalender abonnieren: the own address to copy, renewed on request", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "lena", "Ganz neues Passwort 7");
  await page.goto(`${baseURL}/kalender`);
  const box = page.getByRole("region", { name: "Kalender abonnieren" });
  const field = box.getByLabel("Adresse des Kalender-Abos");
  await expect(field).toHaveValue(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  const first = await field.inputValue();
  await expect(box.getByRole("link", { name: "Im Kalender öffnen" })).toHaveAttribute(
    "href",
    first.replace(/^http:/, "webcal:"),
  );
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/calendar_subscription.png`, fullPage: true });
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  // Written by the `ics` package, times bound to a VTIMEZONE, with the feed's hourly refresh.
  const calendar = await feed.text();
  expect(calendar).toContain("BEGIN:VCALENDAR");
  expect(calendar).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
  expect(calendar).toContain("\r\nTZID:Europe/Berlin\r\n");

  await box.getByRole("button", { name: "Neue Adresse erstellen" }).click();
  await page.getByRole("dialog", { name: "Neue Adresse erstellen" })
    .getByRole("button", { name: "Neue Adresse erstellen" }).click();
  await expect(field).not.toHaveValue(first);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await field.inputValue())).status()).toBe(200);
});

test("on a phone the avatar menu and the subscription box fit the screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "lena", "Ganz neues Passwort 7");
  await page.goto(`${app().baseURL}/kalender`);
  await page.getByRole("button", { name: "Benutzermenü von Lena Lernt" }).click();
  const item = page.getByRole("button", { name: "Passwort ändern" });
  await expect(item).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${shots}/phone_user_menu.png` });
  await page.keyboard.press("Escape");
  const box = page.getByRole("region", { name: "Kalender abonnieren" });
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByRole("button", { name: "Adresse kopieren" })).toBeInViewport({ ratio: 1 });
  await box.screenshot({ path: `${shots}/phone_subscription.png` });
  await context.close();
});
