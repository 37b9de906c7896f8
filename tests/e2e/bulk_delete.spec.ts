import { expect, type Page, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

const app = useApp("bulk_delete");
test.describe.configure({ mode: "serial" });

const phrase = "Ja, unwiderruflich löschen";
const shots = process.env.E2E_SCREENSHOTS;
let admins = 0;

test.beforeAll(async () => {
  const a = app();
  await a.createUser({ username: "chef", role: "admin", first_name: "Jana", last_name: "Krüger" });
  const instructors = [];
  for (const k of [1, 2]) {
    instructors.push(
      await a.createUser({
        username: `lehrer${k}`,
        role: "instructor",
        first_name: `Lehrer${k}`,
        last_name: "Test",
      }),
    );
  }
  const students = [];
  for (const k of [1, 2, 3]) {
    students.push(
      await a.createUser({
        username: `s${k}`,
        role: "student",
        first_name: `Schüler${k}`,
        last_name: "Test",
      }),
    );
  }
  await a.sql`
    insert into availabilities (user_id, availability_type, day_of_week, start_time, end_time)
    select s, 'available', 1, '08:00'::time, '12:00'::time
      from unnest(${students}::bigint[]) s
  `;
  // Four lessons: each student one (two of them with lehrer1), s1 a second one.
  const lessons: [number, number, number][] = [
    [students[0], instructors[0], 2],
    [students[1], instructors[0], 3],
    [students[2], instructors[1], 2],
    [students[0], instructors[1], 4],
  ];
  [{ admins }] = await a.sql`select count(*)::int as admins from users where role = 'admin'`;
  for (const [student, instructor, days] of lessons) {
    await a.sql`
      insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at)
      values (${student}, ${instructor}, 'manual', now() + make_interval(days => ${days}),
              now() + make_interval(days => ${days}, hours => 1))
    `;
  }
});

async function openDashboard(page: Page) {
  await loginAs(page, app().baseURL, "chef");
  await page.goto(`${app().baseURL}/admin-panel`);
  await expect(page.getByRole("heading", { name: "Datenverwaltung" })).toBeVisible();
}

test("deleting all students needs the typed confirmation, then counts and log follow", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId("count-Fahrschüler")).toHaveText("3");
  await expect(page.getByTestId("count-Termine")).toHaveText("4");
  const card = page.getByRole("region", { name: "Datenverwaltung" });
  if (shots) await card.screenshot({ path: `${shots}/datenverwaltung.png` });

  await card.getByRole("button", { name: "Fahrschüler löschen" }).click();
  const dialog = page.getByRole("dialog", { name: "Fahrschüler löschen" });
  await expect(dialog).toContainText("Es werden alle 3 Fahrschüler endgültig gelöscht");
  const confirm = dialog.getByRole("button", { name: "Endgültig löschen" });
  const field = dialog.getByLabel(/Geben Sie zur Bestätigung/);
  await expect(confirm).toBeDisabled();
  await field.fill("ja, unwiderruflich löschen");
  await expect(confirm).toBeDisabled();
  await field.press("Enter");
  await expect(dialog).toBeVisible();
  await field.fill(phrase);
  await expect(confirm).toBeEnabled();
  if (shots) await page.screenshot({ path: `${shots}/bestaetigung.png`, animations: "disabled" });
  await confirm.click();

  await expect(
    page.getByRole("status").filter({ hasText: "3 Fahrschüler und 4 Termine gelöscht." }),
  )
    .toBeVisible();
  await expect(page.getByTestId("count-Fahrschüler")).toHaveText("0");
  await expect(page.getByTestId("count-Termine")).toHaveText("0");
  await expect(page.getByTestId("count-Fahrlehrer")).toHaveText("2");
  const activity = page.getByTestId("recent-activity");
  const line = activity.getByRole("listitem").first();
  await expect(line).toContainText("3 Fahrschüler und 4 Termine gelöscht.");
  await expect(line).toContainText("Gerade eben · Jana Krüger");
  if (shots) await page.screenshot({ path: `${shots}/dashboard.png`, fullPage: true });

  const [left] = await app().sql`
    select count(*) filter (where role = 'student')::int as students,
           count(*) filter (where role = 'instructor')::int as instructors,
           count(*) filter (where role = 'admin')::int as admins,
           (select count(*)::int from availabilities) as availabilities
      from users
  `;
  expect(left).toEqual({ students: 0, instructors: 2, admins, availabilities: 0 });
});

test("cancelling the dialog deletes nothing", async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId("count-Fahrlehrer")).toHaveText("2");
  await page.getByRole("button", { name: "Fahrlehrer löschen" }).click();
  const dialog = page.getByRole("dialog", { name: "Fahrlehrer löschen" });
  await dialog.getByLabel(/Geben Sie zur Bestätigung/).fill(phrase);
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("count-Fahrlehrer")).toHaveText("2");
  const [row] = await app().sql`select count(*)::int as n from users where role = 'instructor'`;
  expect(row.n).toBe(2);
});
