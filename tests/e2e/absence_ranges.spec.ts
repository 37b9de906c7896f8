import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 14 (6): a two-week holiday is one absence from its first to its last day; a last day
// before the first is refused at the field in German; the lessons inside the range are marked.
const app = useApp("absence_ranges");

/** The school date `days` from today, as ISO and as typed (TT.MM.JJJJ). */
function day(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${
    String(d.getDate()).padStart(2, "0")
  }`;
  return { iso, german: `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` };
}

test("a student enters a two-week holiday as one absence; its lessons are affected", async ({ page }) => {
  const { sql, createUser, baseURL } = app();
  const instructor = await createUser({ username: "lehrer", role: "instructor" });
  const student = await createUser({ username: "lena", role: "student" });
  const first = day(30);
  const last = day(43);
  const [inside] = await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, 'manual',
            (${day(37).iso}::date + time '10:00') at time zone 'Europe/Berlin',
            (${day(37).iso}::date + time '11:00') at time zone 'Europe/Berlin')
    returning id::int`;
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, 'manual',
            (${day(44).iso}::date + time '10:00') at time zone 'Europe/Berlin',
            (${day(44).iso}::date + time '11:00') at time zone 'Europe/Berlin')`;

  // The student tutorial would open over the screen; it has its own test.
  await page.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  await loginAs(page, baseURL, "lena");
  await page.goto(`${baseURL}/verfuegbarkeit`);
  await page.getByRole("button", { name: "+ Abwesenheit hinzufügen" }).click();
  const row = page.getByRole("listitem", { name: "Abwesenheit 1" });
  await row.getByLabel("Erster Tag", { exact: true }).fill(first.german);
  await row.getByLabel("Erster Tag", { exact: true }).blur();

  // A last day before the first: the German message at the field, and nothing is saved.
  await row.getByLabel("Letzter Tag", { exact: true }).fill(day(20).german);
  await row.getByLabel("Letzter Tag", { exact: true }).blur();
  await expect(row.getByRole("alert")).toHaveText(
    "Der letzte Tag darf nicht vor dem ersten Tag liegen.",
  );
  await expect(row.getByLabel("Letzter Tag", { exact: true })).toHaveAccessibleDescription(
    "Der letzte Tag darf nicht vor dem ersten Tag liegen.",
  );
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(page.getByText("Fehler beim Speichern")).toBeVisible();
  expect(await sql`select 1 from special_dates`).toHaveLength(0);

  await row.getByLabel("Letzter Tag", { exact: true }).fill(last.german);
  await row.getByLabel("Letzter Tag", { exact: true }).blur();
  await expect(row.getByRole("alert")).toHaveCount(0);
  await row.getByLabel("Beschreibung (optional)").fill("Sommerurlaub");
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(page.getByText("Urlaub/Abwesenheit erfolgreich gespeichert")).toBeVisible();

  const stored = await sql`select date::text, end_date::text, is_unavailable from special_dates`;
  expect(stored.map((r) => ({ ...r }))).toEqual([
    { date: first.iso, end_date: last.iso, is_unavailable: true },
  ]);
  // Only the lesson inside the range is affected, and the absence is named with its range.
  const affected = await sql`select appointment_id::int, from_date::text, to_date::text
                               from affected_appointments`;
  expect(affected.map((r) => ({ ...r }))).toEqual([
    { appointment_id: inside.id, from_date: first.iso, to_date: last.iso },
  ]);

  // After a reload it is still one entry with both days.
  await page.reload();
  await expect(page.getByRole("listitem", { name: /^Abwesenheit \d$/ })).toHaveCount(1);
  await expect(row.getByLabel("Erster Tag", { exact: true })).toHaveValue(first.german);
  await expect(row.getByLabel("Letzter Tag", { exact: true })).toHaveValue(last.german);

  // Her calendar tells her the lesson in her holiday is known to the office.
  await page.goto(`${baseURL}/kalender`);
  const now = new Date();
  const months = (Number(day(37).iso.slice(0, 4)) - now.getFullYear()) * 12 +
    Number(day(37).iso.slice(5, 7)) - (now.getMonth() + 1);
  for (let m = 0; m < months; m++) {
    await page.getByRole("button", { name: "Nächster Monat" }).click();
  }
  const marked = page.locator(".calendar-appointment").filter({ hasText: "In Ihrer Abwesenheit" });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText("Das Büro ist informiert und plant diese Stunde neu.");
  await expect(marked.locator("time")).toHaveText("10:00–11:00");
});

test("the office enters a part-day absence range for a student in the detail view", async ({ page }) => {
  const { sql, createUser, baseURL } = app();
  await createUser({ username: "chefin", role: "admin" });
  const instructor = await createUser({ username: "lehrer2", role: "instructor" });
  const student = await createUser({
    username: "mia",
    role: "student",
    first_name: "Mia",
    last_name: "Kurz",
  });
  const first = day(50);
  const last = day(54);
  await sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
    values (${student}, ${instructor}, 'manual',
            (${day(52).iso}::date + time '09:00') at time zone 'Europe/Berlin',
            (${day(52).iso}::date + time '10:00') at time zone 'Europe/Berlin'),
           (${student}, ${instructor}, 'manual',
            (${day(52).iso}::date + time '15:00') at time zone 'Europe/Berlin',
            (${day(52).iso}::date + time '16:00') at time zone 'Europe/Berlin')`;

  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/students`);
  await page.getByRole("button", { name: "Mia Kurz", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "Fahrschüler-Details" });
  await detail.getByRole("button", { name: "Abwesenheit eintragen" }).click();
  const form = page.getByRole("dialog", { name: "Abwesenheit eintragen" });
  await form.getByLabel("Erster Tag", { exact: true }).fill(first.german);
  await form.getByLabel("Erster Tag", { exact: true }).blur();
  await form.getByLabel("Letzter Tag", { exact: true }).fill(last.german);
  await form.getByLabel("Letzter Tag", { exact: true }).blur();
  await form.getByLabel("Teilweise (jeden Tag)").check();
  await form.getByLabel("Von", { exact: true }).fill("08:00");
  await form.getByLabel("Von", { exact: true }).blur();
  await form.getByLabel("Bis", { exact: true }).fill("12:00");
  await form.getByLabel("Bis", { exact: true }).blur();
  await form.getByRole("button", { name: "Abwesenheit speichern" }).click();
  await expect(page.getByText("Abwesenheit gespeichert. 1 Termin ist betroffen.")).toBeVisible();
  await expect(detail.getByRole("list", { name: "Abwesenheiten" })).toContainText(
    `${first.german} – ${last.german}, 08:00–12:00 Uhr`,
  );
  const affected = await sql`
    select count(*)::int as n from affected_appointments where absent_user_id = ${student}`;
  expect(affected[0].n).toBe(1);
  const [line] = await sql`select summary from audit_log where action = 'absence.create'`;
  expect(line.summary).toContain("Abwesenheit für Mia Kurz");
});
