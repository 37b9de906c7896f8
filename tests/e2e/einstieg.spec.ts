import { readFileSync } from "node:fs";
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

/**
 * Issue 10 "Einstieg" as a new school goes through it: the test-data package, the Mittel
 * instructors and students imported on /admin-panel (preview, credentials, PDF), a plan, then a
 * questionnaire link filled in on a phone without a session, approved, and the new student's
 * availability on /verfuegbarkeit.
 */
const app = useApp("einstieg");
test.describe.configure({ mode: "serial" });
// A step that cannot happen fails in seconds, not at the end of the long test timeout.
test.use({ actionTimeout: 20_000 });

// Screenshots of the key steps for a person to look at (E2E_SHOTS=dir); not part of the assertions.
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const cardsPerPage = 8; // web/src/lib/credentials_pdf.ts: 2 x 4 cards on A4

let files: Record<string, Uint8Array> = {};

test.beforeAll(async () => {
  await app().createUser({
    username: "chef",
    role: "admin",
    first_name: "Jana",
    last_name: "Krüger",
  });
});

/** A button of a dialog's footer (the header's × has the same name). */
const footerButton = (dialog: Locator, name: string) =>
  dialog.locator(".modal-footer").getByRole("button", { name, exact: true });

/** Saves a download the page starts with `click` and answers its bytes. */
async function download(page: Page, click: () => Promise<void>): Promise<Uint8Array> {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return new Uint8Array(readFileSync((await file.path())!));
}

/** A PDF's page count: its page objects (not the /Pages tree). */
function pdfPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  return text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/** Imports one file of the package through the section: preview, Importieren, credentials, PDF. */
async function importFile(
  page: Page,
  kind: "instructors" | "students",
  name: string,
  expected: number,
) {
  const word = kind === "instructors" ? "Fahrlehrer" : "Fahrschüler";
  await page.getByTestId(`import-file-${kind}`).setInputFiles({
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(files[name]),
  });
  const preview = page.getByRole("dialog", { name: `${word} importieren` });
  await expect(preview.getByText("Werden angelegt")).toBeVisible();
  const counts = preview.locator(".import-counts dd");
  await expect(counts).toHaveText([String(expected), String(expected), "0", "0"]);
  // The first rows as the server understood them: name, e-mail, what was read, the action.
  const rows = preview.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("wird angelegt");
  await expect(rows.first()).toContainText("@");
  await shot(page, `${kind}-1-vorschau`);

  await preview.getByRole("button", { name: "Importieren" }).click();
  const done = page.getByRole("dialog", { name: "Import abgeschlossen" });
  await expect(done).toContainText(`${expected} ${word} importiert.`, { timeout: 30_000 });
  await done.getByRole("button", { name: "Zugangsdaten anzeigen" }).click();

  const creds = page.getByRole("dialog", { name: "Zugangsdaten" });
  await expect(creds.locator("tbody tr")).toHaveCount(expected);
  await shot(page, `${kind}-2-zugangsdaten`);
  const pdf = await download(
    page,
    () => creds.getByRole("button", { name: "Zugangsdaten herunterladen" }).click(),
  );
  expect(pdfPages(pdf)).toBe(Math.ceil(expected / cardsPerPage));
  await footerButton(creds, "Fertig").click();
  await expect(creds).toHaveCount(0);
  const [{ n }] = await app().sql`
    select count(*)::int as n from users where role = ${
    kind === "instructors" ? "instructor" : "student"
  }
  `;
  expect(n).toBe(expected);
}

test("the admin downloads the test data, imports Mittel, gets the credentials and plans", async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(page.getByRole("heading", { name: "Datenimport und Fragebögen" })).toBeVisible();

  await page.getByRole("button", { name: "Testdaten herunterladen" }).click();
  const modal = page.getByRole("dialog", { name: "Testdaten herunterladen" });
  await expect(modal).toContainText("Klein 5 Fahrlehrer/10 Fahrschüler, Mittel 10/50");
  await shot(page, "0-testdaten");
  files = unzipSync(
    await download(page, () => modal.getByRole("link", { name: "ZIP herunterladen" }).click()),
  );
  const names = Object.keys(files);
  expect(names.filter((f) => f.endsWith(".xlsx"))).toHaveLength(12);
  expect(names).toContain("testdaten-mittel-fahrlehrer.xlsx");
  expect(names).toContain("testdaten-mittel-fahrschueler.xlsx");
  await footerButton(modal, "Schließen").click();

  await importFile(page, "instructors", "testdaten-mittel-fahrlehrer.xlsx", 10);
  await importFile(page, "students", "testdaten-mittel-fahrschueler.xlsx", 50);

  await page.getByRole("button", { name: "KI-Planung starten" }).click();
  const toast = page.locator(".toast").filter({ hasText: /\d+ Termine wurden erstellt\./ });
  await expect(toast).toBeVisible({ timeout: 180_000 });
  const created = Number((await toast.innerText()).match(/(\d+) Termine wurden erstellt\./)![1]);
  expect(created).toBeGreaterThan(0);
  const [{ n }] = await app().sql`select count(*)::int as n from appointments`;
  expect(n).toBe(created);
  await shot(page, "3-planung");
});

/** The time field of the public form's week table. */
const weekCell = (page: Page, day: string, column: string): Locator =>
  page.getByLabel(`${day}: ${column}`, { exact: true });

test("a questionnaire link, filled in on a phone, approved, becomes a student with that availability", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await page.getByRole("button", { name: "Fragebogen-Link erstellen" }).click();
  const create = page.getByRole("dialog", { name: "Fragebogen-Link erstellen" });
  await create.getByLabel("Vorname", { exact: false }).fill("Lena");
  await create.getByLabel("Nachname", { exact: false }).fill("Wagner");
  await create.getByLabel("E-Mail", { exact: false }).fill("lena.wagner@example.org");
  await create.getByRole("button", { name: "Link erstellen" }).click();
  const linkModal = page.getByRole("dialog", { name: "Fragebogen-Link" });
  const link = await linkModal.getByLabel("Fragebogen-Link").inputValue();
  expect(link).toMatch(/\/fragebogen\/[A-Za-z0-9_-]{43}$/);
  await shot(page, "4-link");
  await footerButton(linkModal, "Fertig").click();

  // The student: a phone, no session, only the link.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const form = await phone.newPage();
  await form.goto(link);
  await expect(form.getByRole("heading", { name: "Schüler-Fragebogen" })).toBeVisible();
  await expect(form.getByLabel("Vorname", { exact: false })).toHaveValue("Lena");
  // The page fits the phone: nothing wider than the screen.
  expect(await form.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await form.getByLabel("Telefon", { exact: false }).fill("0176 1234567");
  await form.getByLabel("Name der Schule", { exact: false }).fill("Gesamtschule Nord");
  await form.getByLabel("Gewünschter Startort", { exact: false }).selectOption("Barop");
  await form.getByLabel("Führerscheinklasse", { exact: false }).selectOption("B");
  // Monday arrival later than the default, Wednesday none at all.
  await weekCell(form, "Montag", "Ankunft in der Fahrschule").fill("16:00");
  await weekCell(form, "Mittwoch", "Ankunft in der Fahrschule").fill("");
  await shot(form, "5-fragebogen");
  await form.getByRole("button", { name: "Fragebogen absenden" }).click();
  await expect(form.getByRole("heading", { name: "Vielen Dank!" })).toBeVisible();
  await shot(form, "6-danke");
  await phone.close();

  // The admin approves and hands over the sign-in.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "Lena Wagner" });
  await expect(row).toContainText("Eingereicht");
  await row.getByRole("button", { name: "Details" }).click();
  const details = page.getByRole("dialog", { name: "Fragebogen: Lena Wagner" });
  await expect(details.getByLabel("Name der Schule", { exact: false })).toHaveValue(
    "Gesamtschule Nord",
  );
  await shot(page, "7-details");
  await details.getByRole("button", { name: "Genehmigen" }).click();
  const ask = page.getByRole("dialog", { name: "Fragebogen genehmigen" });
  await ask.getByRole("button", { name: "Genehmigen" }).click();
  const creds = page.getByRole("dialog", { name: "Zugangsdaten" });
  const username = (await creds.getByTestId("credentials-username").innerText()).trim();
  const password = (await creds.getByTestId("credentials-password").innerText()).trim();
  expect(username).toBe("lena.wagner");
  await shot(page, "8-genehmigt");

  // The new student signs in and finds the week from the form: Monday from 16:00, Tuesday from
  // 14:00 (the default), Wednesday nothing, always until 20:00.
  const student = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const own = await student.newPage();
  await loginAs(own, app().baseURL, username, password);
  await own.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(own.getByRole("heading", { name: "Meine wöchentliche Verfügbarkeit" }))
    .toBeVisible();
  const cell = (name: string) => own.getByRole("button", { name, exact: true });
  await expect(cell("Montag 16:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell("Montag 19:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell("Montag 15:00")).toHaveAttribute("aria-pressed", "false");
  await expect(cell("Dienstag 14:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell("Mittwoch 16:00")).toHaveAttribute("aria-pressed", "false");
  await shot(own, "9-verfuegbarkeit");
  await student.close();
});
