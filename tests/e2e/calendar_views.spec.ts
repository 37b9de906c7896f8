import { expect, test } from "@playwright/test";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 14 (7): on desktop the calendar has a month and a week view, each lesson with the other
// person, the vehicle and the type; the phone keeps its agenda.
const app = useApp("calendar_views");

test.beforeAll(async () => {
  const { sql, createUser } = app();
  const instructor = await createUser({
    username: "oezguer",
    role: "instructor",
    first_name: "Özgür",
    last_name: "Demir",
  });
  const student = await createUser({
    username: "lena",
    role: "student",
    first_name: "Lena",
    last_name: "Schmidt",
  });
  const [vehicle] = await sql`
    insert into vehicles (name, transmission) values ('DO-FS 77', 'manual') returning id`;
  // Today 12:00 and 14:00 at the school, the second one cancelled.
  await sql`
    insert into appointments (student_id, instructor_id, vehicle_id, transmission, starts_at,
                              ends_at, appointment_type, status, cancel_reason)
    values (${student}, ${instructor}, ${vehicle.id}, 'manual',
            ((now() at time zone 'Europe/Berlin')::date + time '12:00') at time zone 'Europe/Berlin',
            ((now() at time zone 'Europe/Berlin')::date + time '13:00') at time zone 'Europe/Berlin',
            'highway', 'confirmed', ''),
           (${student}, ${instructor}, null, 'manual',
            ((now() at time zone 'Europe/Berlin')::date + time '14:00') at time zone 'Europe/Berlin',
            ((now() at time zone 'Europe/Berlin')::date + time '15:00') at time zone 'Europe/Berlin',
            'driving_lesson', 'cancelled', 'Krank')`;
});

const desktop = { viewport: { width: 1280, height: 900 } };

test("the instructor sees student, vehicle and type in the month and in the week view", async ({ browser }) => {
  const context = await browser.newContext(desktop);
  await context.addInitScript(() => localStorage.setItem("instructor-tutorial-completed", "true"));
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "oezguer");
  await page.goto(`${app().baseURL}/kalender`);

  const monthLesson = page.locator(".calendar-grid .calendar-appointment").first();
  await expect(monthLesson).toContainText("Autobahnfahrt");
  await expect(monthLesson).toContainText("mit Lena Schmidt");
  await expect(monthLesson).toContainText("DO-FS 77");
  await expect(page.getByRole("button", { name: "Monat", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.getByRole("button", { name: "Woche", exact: true }).click();
  // The calendar's own heading (the page also has "Kalender abonnieren").
  await expect(page.locator("#calendar-month")).toHaveText(/^KW \d+: /);
  const week = page.getByRole("table", { name: /^Termine in KW/ });
  await expect(week.getByRole("columnheader")).toHaveCount(7);
  const lessons = week.locator(".calendar-appointment");
  await expect(lessons).toHaveCount(2);
  await expect(lessons.first()).toContainText("12:00");
  await expect(lessons.first()).toContainText("mit Lena Schmidt");
  await expect(lessons.first()).toContainText("DO-FS 77");
  await expect(lessons.first()).toContainText("Autobahnfahrt");
  // The cancelled lesson stays, struck through and named.
  await expect(lessons.nth(1)).toContainText("Storniert");
  await expect(lessons.nth(1).locator(".calendar-title")).toHaveCSS(
    "text-decoration-line",
    "line-through",
  );

  // A week later is empty; 'Heute' comes back to this week.
  await page.getByRole("button", { name: "Nächste Woche" }).click();
  await expect(page.locator(".calendar-week .calendar-appointment")).toHaveCount(0);
  await page.getByRole("button", { name: "Heute" }).click();
  await expect(page.locator(".calendar-week .calendar-appointment")).toHaveCount(2);
  await context.close();
});

test("the student sees the instructor; the phone keeps the agenda", async ({ browser }) => {
  const context = await browser.newContext(desktop);
  await context.addInitScript(() => localStorage.setItem("student-tutorial-completed", "true"));
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "lena");
  await page.goto(`${app().baseURL}/kalender`);
  await expect(page.locator(".calendar-grid .calendar-appointment").first()).toContainText(
    "mit Özgür Demir",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator(".calendar-agenda")).toBeVisible();
  // The phone offers the week too (issue 25); the month's agenda stays the first view.
  await expect(page.getByRole("button", { name: "Monat", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.locator(".calendar-agenda .calendar-appointment").first()).toContainText(
    "DO-FS 77",
  );
  await context.close();
});
