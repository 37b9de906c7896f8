import { expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 25, point 14: a person form with several mistakes shows every one at once, each beside its
// field, whether the screen or the server finds them; nothing is saved.
const app = useApp("form_errors");

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  await app().createUser({ username: "chefin", role: "admin", first_name: "Clara" });
  const ingrid = await app().createUser({
    username: "ingrid",
    role: "instructor",
    first_name: "Ingrid",
  });
  const anna = await app().createUser({ username: "anna", role: "student", first_name: "Anna" });
  await app().sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${anna}, ${ingrid}, 'manual', '2027-12-09 14:00 Europe/Berlin',
            '2027-12-09 15:00 Europe/Berlin')
  `;
});

async function open(page: Page, path: string, button: string, dialog: string) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}${path}`);
  await page.getByRole("button", { name: button }).click();
  return page.getByRole("dialog", { name: dialog });
}

/** The error shown beside a labelled field (its aria-describedby), '' when none. */
async function errorBeside(page: Page, field: ReturnType<Page["getByLabel"]>) {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const texts = [];
  for (const id of ids) {
    const node = page.locator(`[id="${id}"].field-error`);
    if (await node.count()) texts.push(await node.textContent());
  }
  return texts.join(" ");
}

test("a student form with errors the screen finds marks them all at once", async ({ page }) => {
  const form = await open(page, "/students", "Fahrschüler hinzufügen", "Neuen Schüler anlegen");
  await form.getByRole("button", { name: "Schüler erstellen" }).click();
  await expect(form.getByText("Bitte prüfen Sie die 4 rot markierten Angaben.")).toBeVisible();
  expect(await errorBeside(page, form.getByLabel("Vorname", { exact: true }))).toBe(
    "Bitte geben Sie den Vornamen ein.",
  );
  expect(await errorBeside(page, form.getByLabel("Nachname", { exact: true }))).toBe(
    "Bitte geben Sie den Nachnamen ein.",
  );
  expect(await errorBeside(page, form.getByLabel("Führerscheinklasse"))).toBe(
    "Bitte wählen Sie eine Führerscheinklasse aus.",
  );
  await expect(form.getByRole("region", { name: "Wochenplan" }).getByRole("alert"))
    .toContainText("mindestens eine Freistunde oder Ankunftszeit");
});

test("a student form with errors only the server finds shows each beside its field", async ({ page }) => {
  const form = await open(page, "/students", "Fahrschüler hinzufügen", "Neuen Schüler anlegen");
  await form.getByLabel("Vorname", { exact: true }).fill("Jürgen");
  await form.getByLabel("Nachname", { exact: true }).fill("Weiß");
  await form.getByLabel("E-Mail", { exact: true }).fill("juergen-at-example");
  await form.getByLabel("Führerscheinklasse").selectOption("B");
  await form.getByRole("group", { name: "Dienstag" }).getByLabel("Ankunft in der Fahrschule")
    .fill("14:00");
  await form.getByRole("button", { name: "Urlaub hinzufügen" }).click();
  const vacation = form.getByRole("group", { name: "Urlaub 1" });
  await vacation.getByLabel("Von").fill("20.08.2027");
  await vacation.getByLabel("Bis").fill("10.08.2027");
  await form.getByRole("button", { name: "Schüler erstellen" }).click();

  await expect(form.getByText("Bitte prüfen Sie die 2 rot markierten Angaben.")).toBeVisible();
  await expect.poll(() => errorBeside(page, form.getByLabel("E-Mail", { exact: true })))
    .toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  await expect(form.getByRole("region", { name: "Urlaubszeiten" }).getByRole("alert"))
    .toContainText("Urlaub 1");
  // The marked field is framed in red, the unmarked one beside it is not.
  const border = (label: string) =>
    form.getByLabel(label, { exact: true }).evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(await border("E-Mail")).not.toBe(await border("Telefon"));
  expect((await app().sql`select 1 from users where first_name = 'Jürgen'`).length).toBe(0);
  await page.waitForTimeout(600); // Real-world time: the smooth scroll to the form's top
  await page.screenshot({ path: "test-results/form_errors_student.png" });
});

test("an instructor form marks names, hours target and qualification at once", async ({ page }) => {
  const form = await open(page, "/instructors", "Fahrlehrer hinzufügen", "Fahrlehrer hinzufügen");
  await form.getByLabel("Stundenziel pro Monat").fill("-5");
  await form.getByRole("button", { name: "Fahrlehrer erstellen" }).click();
  await expect(form.getByText("Bitte prüfen Sie die 4 rot markierten Angaben.")).toBeVisible();
  expect(await errorBeside(page, form.getByLabel("Vorname", { exact: true }))).toContain(
    "Vornamen",
  );
  expect(await errorBeside(page, form.getByLabel("Stundenziel pro Monat"))).toContain("ganze Zahl");
  await expect(form.getByRole("group", { name: /Qualifikation/ }).getByRole("alert"))
    .toHaveText("Bitte wählen Sie mindestens einen Getriebe-Typ aus.");
});

test("an empty 'Termin hinzufügen' marks student, date, time and instructor at once", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/appointments`);
  await page.getByRole("button", { name: "Hinzufügen / Export" }).click();
  await page.getByRole("menuitem", { name: "Termin hinzufügen" }).click();
  const form = page.getByRole("dialog", { name: "Termin hinzufügen" });
  await expect(form.getByLabel("Fahrlehrer")).toContainText("Ingrid");
  await form.getByRole("button", { name: "Termin hinzufügen" }).click();

  await expect(form.getByText("Bitte prüfen Sie die 4 rot markierten Angaben.")).toBeVisible();
  const fields = {
    Fahrschüler: "Bitte einen Fahrschüler wählen.",
    Datum: "Bitte ein gültiges Datum angeben.",
    Uhrzeit: "Bitte eine Uhrzeit angeben.",
    Fahrlehrer: "Bitte einen Fahrlehrer wählen.",
  };
  for (const [label, message] of Object.entries(fields)) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect(await errorBeside(page, field)).toBe(message);
  }
  await expect(form.getByLabel("Dauer (Minuten)")).not.toHaveAttribute("aria-invalid", "true");
  // The first marked field takes the focus, so typing starts where the form needs it.
  await expect(form.getByLabel("Fahrschüler", { exact: true })).toBeFocused();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/form_errors_appointment_1440.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/form_errors_appointment_390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A corrected field loses its mark; the others keep theirs until they are corrected too.
  await form.getByLabel("Uhrzeit", { exact: true }).fill("09:00");
  await expect(form.getByLabel("Uhrzeit", { exact: true })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(await errorBeside(page, form.getByLabel("Datum", { exact: true }))).toBe(fields.Datum);
  expect((await app().sql`select 1 from appointments`).length).toBe(1);
});

test("'Termin verschieben' marks its fields at once, the server's too", async ({ page }) => {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/appointments`);
  await page.getByRole("table", { name: "Termine" }).getByText("09.12.2027").click();
  await page.getByRole("button", { name: "Verschieben" }).click();
  const form = page.getByRole("dialog", { name: "Termin verschieben" });
  const date = form.getByLabel("Datum", { exact: true });
  const time = form.getByLabel("Uhrzeit", { exact: true });
  const length = form.getByLabel("Dauer (Minuten)");
  await date.fill("");
  await time.fill("");
  await length.fill("5");
  await form.getByRole("button", { name: "Speichern" }).click();

  await expect(form.getByText("Bitte prüfen Sie die 3 rot markierten Angaben.")).toBeVisible();
  expect(await errorBeside(page, date)).toBe("Bitte ein gültiges Datum angeben.");
  expect(await errorBeside(page, time)).toBe("Bitte eine Uhrzeit angeben.");
  expect(await errorBeside(page, length)).toBe(
    "Bitte eine Dauer zwischen 15 und 600 Minuten angeben.",
  );
  await expect(date).toBeFocused();
  await page.screenshot({ path: "test-results/form_errors_move.png" });

  // What only the server checks stands beside its field too.
  await date.fill("10.12.2027");
  await time.fill("10:00");
  await length.fill("60");
  await form.getByLabel("Notizen").fill("x".repeat(2001));
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect.poll(() => errorBeside(page, form.getByLabel("Notizen")))
    .toBe("Die Notiz ist zu lang (höchstens 2000 Zeichen).");
  await expect(form.getByLabel("Notizen")).toHaveAttribute("aria-invalid", "true");
  expect(await errorBeside(page, date)).toBe("");
  const [moved] = await app().sql`select starts_at from appointments`;
  expect(new Date(moved.starts_at).toISOString()).toBe("2027-12-09T13:00:00.000Z");
});
