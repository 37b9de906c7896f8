import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";

// Issue 25.7: the overview's day at 1440 px shows all 10 instructors of a school, opens at the
// first lesson (today: the current hour), and shows each instructor's working hours, absences
// and blocks; a lesson outside working time is marked.
const app = useApp("schedule_day_frame");
test.describe.configure({ mode: "serial" });

// Screenshots for a person to look at (E2E_SHOTS=dir); not part of the assertions.
const shots = process.env.E2E_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
}

// A Wednesday that is no holiday anywhere in Germany; the tests that need "today" set the clock.
const day = "2027-02-17";
const wednesday = 3;

/** The instant when Berlin's wall clock shows `clock` on `date`. */
function berlinInstant(date: string, clock: string): Date {
  for (const offset of ["+01:00", "+02:00"]) {
    const instant = new Date(`${date}T${clock}:00${offset}`);
    const shown = new Intl.DateTimeFormat("de-DE", {
      timeZone: "Europe/Berlin",
      hour: "2-digit",
      minute: "2-digit",
    }).format(instant);
    if (shown === clock) return instant;
  }
  throw new Error(`no Berlin instant for ${date} ${clock}`);
}

const ids: Record<string, number> = {};
const instructors: [string, string, string][] = [
  ["albers", "Anke", "Albers"],
  ["becker", "Bernd", "Becker"],
  ["claasen", "Carla", "Claasen"],
  ["diehl", "Dirk", "Diehl"],
  ["engel", "Eva", "Engel"],
  ["fuchs", "Frank", "Fuchs"],
  ["graf", "Gisela", "Graf"],
  ["hahn", "Holger", "Hahn"],
  ["imhof", "Ines", "Imhof"],
  ["jung", "Jana", "Jung"],
];

async function addLesson(instructor: string, student: string, start: string, minutes = 45) {
  await app().sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, status)
    values (${ids[student]}, ${ids[instructor]}, 'manual',
            (${day}::date + ${start}::time) at time zone 'Europe/Berlin',
            (${day}::date + ${start}::time) at time zone 'Europe/Berlin'
              + make_interval(mins => ${minutes}),
            'confirmed')`;
}

test.beforeAll(async () => {
  const { createUser, sql } = app();
  await createUser({ username: "chefin", role: "admin", first_name: "Clara", last_name: "Chef" });
  for (const [username, first_name, last_name] of instructors) {
    ids[username] = await createUser({ username, role: "instructor", first_name, last_name });
    // Everyone works 08:00-16:00 on Wednesdays, Jana Jung 12:00-20:00.
    const [start, end] = username === "jung" ? ["12:00", "20:00"] : ["08:00", "16:00"];
    await sql`insert into availabilities (user_id, availability_type, day_of_week, start_time,
                                          end_time)
              values (${ids[username]}, 'work', ${wednesday}, ${start}, ${end})`;
  }
  for (
    const [username, first_name, last_name] of [
      ["paul", "Paul", "Pohl"],
      ["lena", "Lena", "Lang"],
      ["mia", "Mia", "Moll"],
    ]
  ) {
    ids[username] = await createUser({ username, role: "student", first_name, last_name });
  }
  await sql`insert into vacation_periods (user_id, start_date, end_date, description, kind)
            values (${ids.becker}, ${day}, ${day}, 'Skiurlaub', 'vacation'),
                   (${ids.claasen}, ${day}, ${day}, '', 'sick')`;
  await sql`insert into theory_sessions (instructor_id, date, start_time, end_time)
            values (${ids.diehl}, ${day}, '14:00', '15:30')`;
  await sql`insert into special_dates (user_id, date, is_unavailable, start_time, end_time,
                                       description)
            values (${ids.engel}, ${day}, false, '13:00', '14:00', 'Arzttermin')`;
  // Nothing before 13:00: the grid must not open on an empty morning.
  await addLesson("albers", "paul", "13:00");
  await addLesson("albers", "lena", "17:00"); // after her working time
  await addLesson("diehl", "mia", "15:30", 30);
  await addLesson("engel", "paul", "14:00");
  await addLesson("fuchs", "lena", "13:15");
  await addLesson("graf", "mia", "13:30", 90);
  await addLesson("hahn", "paul", "15:00");
  await addLesson("imhof", "lena", "14:00");
  await addLesson("jung", "mia", "19:00");
});

async function openDay(page: Page, query = `?datum=${day}`) {
  const { baseURL } = app();
  await loginAs(page, baseURL, "chefin");
  await page.goto(`${baseURL}/uebersicht${query}`);
  await expect(page.getByRole("heading", { name: "Übersicht", level: 1 })).toBeVisible();
  // Loaded: the lessons and the working hours are drawn.
  await expect(page.locator(".schedule-lesson").first()).toBeVisible();
  await expect(page.locator(".schedule-work").first()).toBeAttached();
}

function column(page: Page, instructor: string): Locator {
  return page.locator(`.schedule-column[data-instructor-id="${ids[instructor]}"]`);
}
function head(page: Page, instructor: string): Locator {
  return page.locator(`.schedule-day-instructor[data-instructor-id="${ids[instructor]}"]`);
}

/** Where the hour line `clock` is drawn now, relative to the bottom of the sticky column heads. */
async function hourBelowHeads(page: Page, clock: string): Promise<number> {
  const label = await page.locator(".schedule-hour-label", { hasText: clock }).boundingBox();
  const heads = await page.locator(".schedule-corner").boundingBox();
  return label!.y - (heads!.y + heads!.height);
}

test("at 1440 px all 10 instructors fit, and the day opens at its first lesson", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDay(page);
  const grid = page.getByRole("table", { name: /^Tagesansicht Mittwoch, 17. Februar 2027/ });
  await expect(grid.getByRole("columnheader")).toHaveCount(11);

  // Every column wholly inside the frame, and the frame does not scroll sideways.
  const frame = page.locator(".schedule-scroll");
  const box = (await frame.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
  for (const [username] of instructors) {
    for (const part of [head(page, username), column(page, username)]) {
      const b = (await part.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    }
  }
  const widths = await frame.evaluate((f) => [f.scrollWidth, f.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);

  // Scrolled down to 13:00, the first lesson, not at 07:00.
  await expect.poll(() => hourBelowHeads(page, "13:00")).toBeGreaterThanOrEqual(-1);
  expect(await hourBelowHeads(page, "13:00")).toBeLessThan(24);
  await expect(column(page, "albers").getByRole("button", { name: /^13:00 bis 13:45/ }))
    .toBeInViewport();
  await shot(page, "uebersicht-tag-10-fahrlehrer-1440");
});

test("working hours, absences and blocks are drawn in each column", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDay(page);
  // The heads say who is away instead of only '0 Termine', and the others' hours.
  await expect(head(page, "becker")).toContainText("Urlaub");
  await expect(head(page, "claasen")).toContainText("Krankgemeldet");
  await expect(head(page, "albers")).toContainText("08:00–16:00");
  await expect(head(page, "jung")).toContainText("12:00–20:00");
  // The whole-day absence is labelled where the frame stands (scrolled to 13:00).
  await expect(column(page, "becker").getByText("Urlaub", { exact: true })).toBeInViewport();
  await expect(column(page, "becker").locator(".schedule-absence")).toHaveAttribute(
    "title",
    "Urlaub: Skiurlaub",
  );
  await expect(column(page, "claasen").getByText("Krankgemeldet", { exact: true }))
    .toBeInViewport();
  await expect(column(page, "engel").locator(".schedule-absence")).toContainText("Arzttermin");
  await expect(column(page, "diehl").locator(".schedule-block")).toContainText(
    "Theorieunterricht",
  );

  // Anke Albers' working time is shaded from the 08:00 line to the 16:00 line.
  const work = await column(page, "albers").locator(".schedule-work").boundingBox();
  const eight = await page.locator(".schedule-hour-label", { hasText: "08:00" }).boundingBox();
  const four = await page.locator(".schedule-hour-label", { hasText: "16:00" }).boundingBox();
  expect(Math.abs(work!.y - eight!.y)).toBeLessThan(2);
  expect(Math.abs(work!.y + work!.height - four!.y)).toBeLessThan(2);

  // Her 17:00 lesson is after her working time and says so; the 13:00 one is not marked.
  const late = column(page, "albers").getByRole("button", { name: /^17:00 bis 17:45/ });
  await expect(late).toHaveAccessibleName(/außerhalb der Arbeitszeit$/);
  await expect(late).toHaveAttribute("title", /außerhalb der Arbeitszeit/);
  await expect(late).toHaveClass(/has-warning/);
  const early = column(page, "albers").getByRole("button", { name: /^13:00 bis 13:45/ });
  await expect(early).not.toHaveClass(/has-warning/);
  await expect(early).not.toHaveAccessibleName(/Arbeitszeit/);
  // Eva Engel's 14:00 lesson starts when her absence ends, Dirk Diehl's 15:30 one when his
  // theory lesson ends: neither is marked.
  await expect(column(page, "engel").getByRole("button")).not.toHaveClass(/has-warning/);
  await expect(column(page, "diehl").getByRole("button")).not.toHaveClass(/has-warning/);
  await late.scrollIntoViewIfNeeded();
  await shot(page, "uebersicht-tag-abwesenheiten-1440");
  expect(await axeViolations(page, [".schedule-page"])).toEqual([]);
});

test("today the day opens at the current hour once the first lesson is past", async ({ page }) => {
  await page.clock.setFixedTime(berlinInstant(day, "15:20"));
  // A laptop's height: at 900 px the grid, which ends at 21:00, cannot scroll 15:00 to its top.
  await page.setViewportSize({ width: 1440, height: 720 });
  await openDay(page, "");
  await expect(page.getByRole("table", { name: /^Tagesansicht Mittwoch, 17. Februar 2027/ }))
    .toBeVisible();
  await expect.poll(() => hourBelowHeads(page, "15:00")).toBeGreaterThanOrEqual(-1);
  expect(await hourBelowHeads(page, "15:00")).toBeLessThan(24);
});

test("narrower than 10 columns, the grid scrolls sideways with the hours kept in view", async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await openDay(page);
  const frame = page.locator(".schedule-scroll");
  const [scrollWidth, clientWidth] = await frame.evaluate((f) => [f.scrollWidth, f.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  // The page itself does not scroll sideways, only the frame.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1100);
  await frame.evaluate((f) => (f.scrollLeft = f.scrollWidth));
  const hours = (await page.locator(".schedule-hours").boundingBox())!;
  const box = (await frame.boundingBox())!;
  expect(Math.abs(hours.x - box.x)).toBeLessThan(3);
  await expect(head(page, "jung")).toBeInViewport();
});

test("on a phone the picked instructor's absence and a marked lesson show too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDay(page);
  const picker = page.getByRole("combobox", { name: "Fahrlehrer" });
  await picker.selectOption({ label: "Bernd Becker" });
  await expect(head(page, "becker")).toContainText("Urlaub");
  await expect(column(page, "becker").getByText("Urlaub", { exact: true })).toBeVisible();
  await picker.selectOption({ label: "Anke Albers" });
  await expect(column(page, "albers").getByRole("button", { name: /außerhalb der Arbeitszeit$/ }))
    .toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "uebersicht-tag-390");
});

test("on a phone the day opens at its first lesson too (the page scrolls), and only once", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDay(page);
  // Anke Albers, the first instructor, starts at 13:00: the page scrolls the 13:00 line to just
  // below the column head, which sticks below the app's bar.
  await expect.poll(() => hourBelowHeads(page, "13:00")).toBeGreaterThanOrEqual(-1);
  expect(await hourBelowHeads(page, "13:00")).toBeLessThan(24);
  await expect(column(page, "albers").getByRole("button", { name: /^13:00 bis 13:45/ }))
    .toBeInViewport();
  const heads = (await page.locator(".schedule-corner").boundingBox())!;
  expect(heads.y).toBeGreaterThan(0);
  await shot(page, "uebersicht-tag-390-geoeffnet");

  // The user scrolls back up; a reload of the day's data (the window regains focus) keeps that.
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  const reloaded = page.waitForResponse((r) => r.url().includes("/api/admin/schedule/?"));
  await page.evaluate(() => globalThis.dispatchEvent(new Event("visibilitychange")));
  await reloaded;
  await expect(page.getByRole("heading", { name: "Übersicht", level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => globalThis.scrollY)).toBe(0);

  // Another instructor's day opens at that instructor's first lesson: Ines Imhof's 14:00.
  await page.getByRole("combobox", { name: "Fahrlehrer" }).selectOption({ label: "Ines Imhof" });
  await expect.poll(() => hourBelowHeads(page, "14:00")).toBeGreaterThanOrEqual(-1);
  expect(await hourBelowHeads(page, "14:00")).toBeLessThan(24);
});
