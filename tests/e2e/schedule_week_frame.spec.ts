import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 25.7 for the week: the week table (and the phone's agenda) shows each instructor's
// working hours, absences and blocks as the day view does, and marks a lesson outside them. An
// instructor without any working hours entered is neither shaded nor marked, but says so.
const app = useApp("schedule_week_frame");
test.describe.configure({ mode: "serial" });

// Screenshots for a person to look at (E2E_SHOTS=dir); not part of the assertions.
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

// Monday 15 to Sunday 21 February 2027: no holiday anywhere in Germany.
const monday = "2027-02-15";
const tuesday = "2027-02-16";
const wednesday = "2027-02-17";
const thursday = "2027-02-18";
const friday = "2027-02-19";
const saturday = "2027-02-20";

const ids: Record<string, number> = {};

async function addLesson(instructor: string, date: string, start: string, minutes = 45) {
  await app().sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
    values (${ids.paul}, ${ids[instructor]}, 'manual',
            (${date}::date + ${start}::time) at time zone 'Europe/Berlin',
            (${date}::date + ${start}::time) at time zone 'Europe/Berlin'
              + make_interval(mins => ${minutes}),
            'confirmed')`;
}

test.beforeAll(async () => {
  const { createUser, sql } = app();
  await createUser({ username: "chefin", role: "admin", first_name: "Clara", last_name: "Chef" });
  for (
    const [username, first_name, last_name] of [
      ["albers", "Anke", "Albers"],
      ["becker", "Bernd", "Becker"],
      ["claasen", "Carla", "Claasen"],
      ["diehl", "Dirk", "Diehl"],
    ]
  ) {
    ids[username] = await createUser({ username, role: "instructor", first_name, last_name });
  }
  ids.paul = await createUser({
    username: "paul",
    role: "student",
    first_name: "Paul",
    last_name: "Pohl",
  });
  // Albers, Becker and Diehl work Monday to Friday 08:00-16:00; Carla Claasen has no working
  // hours entered at all.
  for (const username of ["albers", "becker", "diehl"]) {
    for (let day = 1; day <= 5; day++) {
      await sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                            end_time)
                values (${ids[username]}, 'work', ${day}, '08:00', '16:00')`;
    }
  }
  await sql`insert into vacation_periods (user_id, start_date, end_date, description, kind)
            values (${ids.becker}, ${tuesday}, ${wednesday}, 'Skiurlaub', 'vacation'),
                   (${ids.becker}, ${friday}, ${friday}, '', 'sick')`;
  await sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
            values (${ids.diehl}, ${wednesday}, '14:00', '15:30'),
                   (${ids.claasen}, ${thursday}, '14:00', '15:30')`;
  await sql`insert into special_dates (user_id, date, is_unavailable, start_time, end_time,
                                       description)
            values (${ids.diehl}, ${thursday}, false, '13:00', '14:00', 'Arzttermin')`;
  await addLesson("albers", wednesday, "13:00");
  await addLesson("albers", wednesday, "17:00"); // after her working time
  await addLesson("albers", thursday, "09:00");
  await addLesson("becker", tuesday, "10:00"); // on vacation
  await addLesson("claasen", monday, "07:00");
  await addLesson("claasen", wednesday, "18:00");
  await addLesson("claasen", thursday, "15:00"); // in her theory lesson
  await addLesson("diehl", wednesday, "10:00");
});

async function openOverview(page: Page, query: string) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/uebersicht${query}`);
  await expect(page.getByRole("heading", { name: "Übersicht", level: 1 })).toBeVisible();
  await expect(page.locator(".schedule-lesson").first()).toBeVisible();
}

function cell(page: Page, instructor: string, day: string): Locator {
  return page.locator(`tr[data-instructor-id="${ids[instructor]}"] td[data-day="${day}"]`);
}

test("the week at 1440 px shows working hours, absences and blocks, and marks lessons outside them", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page, `?ansicht=woche&datum=${wednesday}`);
  await expect(page.getByRole("table", { name: /^Wochenansicht KW 7/ })).toBeVisible();
  // Loaded: the working hours are drawn.
  await expect(cell(page, "albers", monday).locator(".schedule-work")).toBeAttached();

  // Working days shaded with their hours, the weekend not.
  await expect(cell(page, "albers", wednesday)).toContainText("08:00–16:00");
  await expect(cell(page, "albers", saturday).locator(".schedule-work")).toHaveCount(0);
  await expect(cell(page, "albers", saturday)).not.toContainText("08:00");

  // Absences labelled where they are, with what was entered in the tooltip.
  const vacation = cell(page, "becker", tuesday).locator(".schedule-week-absent");
  await expect(vacation).toHaveText("Urlaub");
  await expect(vacation).toHaveAttribute("title", "Urlaub: Skiurlaub");
  await expect(cell(page, "becker", wednesday)).toContainText("Urlaub");
  await expect(cell(page, "becker", friday)).toContainText("Krankgemeldet");
  await expect(cell(page, "becker", thursday)).toContainText("08:00–16:00");
  await expect(cell(page, "becker", tuesday)).not.toContainText("08:00–16:00");
  // Blocks and part-day absences with their times.
  await expect(cell(page, "diehl", wednesday)).toContainText("14:00–15:30 Theorieunterricht");
  await expect(cell(page, "diehl", thursday)).toContainText("13:00–14:00 Abwesend");
  await expect(cell(page, "diehl", thursday).getByTitle("Abwesend: Arzttermin")).toBeVisible();

  // Lessons outside the instructor's time are marked as in the day view; the others are not.
  const late = cell(page, "albers", wednesday).getByRole("button", { name: /17:00 bis 17:45/ });
  await expect(late).toHaveAccessibleName(/außerhalb der Arbeitszeit$/);
  await expect(late).toHaveClass(/has-warning/);
  const early = cell(page, "albers", wednesday).getByRole("button", { name: /13:00 bis 13:45/ });
  await expect(early).not.toHaveClass(/has-warning/);
  await expect(cell(page, "becker", tuesday).getByRole("button"))
    .toHaveAccessibleName(/Fahrlehrer abwesend \(Urlaub\)$/);
  await expect(cell(page, "diehl", wednesday).getByRole("button")).not.toHaveClass(/has-warning/);

  // The legend names what the week now draws.
  await expect(page.locator(".schedule-legend")).toContainText("Arbeitszeit");
  await expect(page.locator(".schedule-legend")).toContainText("Abwesend");
  await shot(page, "uebersicht-woche-arbeitszeiten-1440");
  expect(await axeViolations(page, [".schedule-page"])).toEqual([]);
});

test("an instructor without working hours entered: no shading, no marks, a hint instead", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openOverview(page, `?ansicht=woche&datum=${wednesday}`);
  await expect(cell(page, "albers", monday).locator(".schedule-work")).toBeAttached();
  const row = page.locator(`tr[data-instructor-id="${ids.claasen}"]`);
  await expect(row.locator("th")).toContainText("Keine Arbeitszeit eingetragen");
  await expect(row.locator(".schedule-work")).toHaveCount(0);
  await expect(cell(page, "claasen", monday).getByRole("button")).not.toHaveClass(/has-warning/);
  await expect(cell(page, "claasen", wednesday).getByRole("button")).not.toHaveClass(
    /has-warning/,
  );
  await expect(cell(page, "claasen", wednesday).getByRole("button")).not.toHaveAccessibleName(
    /Arbeitszeit/,
  );
  // A theory lesson she gives is still entered, so a lesson during it is still marked.
  await expect(cell(page, "claasen", thursday).getByRole("button"))
    .toHaveAccessibleName(/während Theorieunterricht$/);
  // The others' heads say nothing of it.
  await expect(page.locator(`tr[data-instructor-id="${ids.albers}"] th`)).not.toContainText(
    "eingetragen",
  );

  // The day view the same way.
  await page.getByRole("button", { name: "Tagesansicht" }).click();
  const head = page.locator(`.schedule-day-instructor[data-instructor-id="${ids.claasen}"]`);
  await expect(head).toContainText("Keine Arbeitszeit eingetragen");
  const column = page.locator(`.schedule-column[data-instructor-id="${ids.claasen}"]`);
  await expect(column.getByRole("button", { name: /18:00 bis 18:45/ })).not.toHaveClass(
    /has-warning/,
  );
  await expect(page.locator(`.schedule-day-instructor[data-instructor-id="${ids.albers}"]`))
    .toContainText("08:00–16:00");
  await expect(
    page.locator(`.schedule-column[data-instructor-id="${ids.albers}"]`)
      .getByRole("button", { name: /17:00 bis 17:45/ }),
  ).toHaveClass(/has-warning/);
});

test("on a phone the week's agenda shows the same for the picked instructor", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openOverview(page, `?ansicht=woche&datum=${wednesday}&fahrlehrer=${ids.becker}`);
  const agendaDay = (day: string) => page.locator(`.schedule-agenda > li[data-day="${day}"]`);
  await expect(agendaDay(tuesday).locator(".schedule-week-absent")).toHaveText("Urlaub");
  await expect(agendaDay(tuesday).getByRole("button"))
    .toHaveAccessibleName(/Fahrlehrer abwesend \(Urlaub\)$/);
  await expect(agendaDay(thursday)).toContainText("08:00–16:00");
  await expect(agendaDay(thursday).locator(".schedule-work")).toBeAttached();
  await expect(agendaDay(friday)).toContainText("Krankgemeldet");

  await page.getByRole("combobox", { name: "Fahrlehrer" }).selectOption({ label: "Anke Albers" });
  await expect(agendaDay(wednesday).getByRole("button", { name: /17:00 bis 17:45/ }))
    .toHaveAccessibleName(/außerhalb der Arbeitszeit$/);
  await expect(agendaDay(wednesday).getByRole("button", { name: /13:00 bis 13:45/ }))
    .not.toHaveClass(/has-warning/);

  await page.getByRole("combobox", { name: "Fahrlehrer" }).selectOption({
    label: "Carla Claasen",
  });
  await expect(page.locator(".schedule-agenda-hint")).toHaveText("Keine Arbeitszeit eingetragen");
  await expect(agendaDay(wednesday).getByRole("button")).not.toHaveClass(/has-warning/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("combobox", { name: "Fahrlehrer" }).selectOption({ label: "Anke Albers" });
  await expect(agendaDay(wednesday)).toContainText("08:00–16:00");
  await shot(page, "uebersicht-woche-arbeitszeiten-390");
});
