import { expect, type Page, test } from "@playwright/test";
import { cell, desktop, phone, skipTutorials } from "./support/screens.ts";
import { useApp } from "./support/app_server.ts";
import { loginAs } from "./support/login.ts";
import { waitPastTourStart } from "./support/tour_start.ts";
import { expectDrawnDark, useDarkTheme } from "./support/theme.ts";

const app = useApp("selfservice");

async function center(page: Page, name: string) {
  const box = (await cell(page, name).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A finger drag through the given cells, as Chromium's touch input (CDP) delivers it. */
async function touchDrag(page: Page, names: string[]) {
  const cdp = await page.context().newCDPSession(page);
  const points = await Promise.all(names.map((name) => center(page, name)));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [points[0]] });
  for (const point of points.slice(1)) {
    const from = points[points.indexOf(point) - 1];
    for (let step = 1; step <= 4; step++) {
      const x = from.x + ((point.x - from.x) * step) / 4;
      const y = from.y + ((point.y - from.y) * step) / 4;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    }
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

async function storedSlots(username: string) {
  return (await app().sql`
    -- A save stores merged windows (08:00-14:00); listed here as the hours the grid shows.
    select distinct day_of_week::int as day, to_char(h, 'HH24:MI') as start
    from availabilities a join users u on u.id = a.user_id,
         generate_series(date_trunc('hour', '2000-01-01'::date + a.start_time),
                         '2000-01-01'::date + a.end_time - interval '1 minute',
                         interval '1 hour') as h
    where u.username = ${username} and a.availability_type = 'available'
    order by 1, 2
  `).map((r) => `${r.day} ${r.start}`);
}

test.beforeAll(async () => {
  const a = app();
  const lena = await a.createUser({
    username: "lena",
    role: "student",
    first_name: "Lena",
    last_name: "Lernt",
  });
  await a.createUser({ username: "paul", role: "student", first_name: "Paul" });
  await a.createUser({ username: "tina", role: "student", first_name: "Tina" });
  const ilse = await a.createUser({
    username: "ilse",
    role: "instructor",
    first_name: "Ilse",
    last_name: "Lenkrad",
  });
  await a.sql`
    insert into appointments (student_id, instructor_id, transmission, starts_at, ends_at, title)
    values
      (${lena}, ${ilse}, 'manual',
       timestamp '2027-03-29 14:00' at time zone 'Europe/Berlin',
       timestamp '2027-03-29 15:00' at time zone 'Europe/Berlin', ''),
      (${lena}, ${ilse}, 'automatic',
       timestamp '2027-03-26 09:30' at time zone 'Europe/Berlin',
       timestamp '2027-03-26 10:30' at time zone 'Europe/Berlin', 'Autobahnfahrt')
  `;
});

test("desktop: drag 6 hours, click 2, save, reload; add a partial absence", async ({ browser }) => {
  const context = await browser.newContext(desktop);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "lena");
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(page).toHaveTitle("Verfügbarkeit – Fahrplan");
  await expect(page.getByRole("heading", { name: "Meine wöchentliche Verfügbarkeit" }))
    .toBeVisible();
  // Monday to Saturday are the school's default planned weekdays (issue 14); Sunday is greyed.
  await expect(page.getByText("Grau: kein Planungstag der Fahrschule")).toBeVisible();
  await expect(cell(page, "Sonntag 08:00 (kein Planungstag)")).toHaveAttribute(
    "aria-disabled",
    "true",
  );

  const start = await center(page, "Montag 08:00");
  const end = await center(page, "Montag 13:00");
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
  await cell(page, "Mittwoch 10:00").click();
  await cell(page, "Freitag 15:00").click();
  for (const name of ["Montag 08:00", "Montag 13:00", "Mittwoch 10:00"]) {
    await expect(cell(page, name)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(cell(page, "Montag 14:00")).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).click();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  const expected = [
    "1 08:00",
    "1 09:00",
    "1 10:00",
    "1 11:00",
    "1 12:00",
    "1 13:00",
    "3 10:00",
    "5 15:00",
  ];
  expect(await storedSlots("lena")).toEqual(expected);

  await page.reload();
  await expect(cell(page, "Freitag 15:00")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('[data-slot][aria-pressed="true"]')).toHaveCount(8);

  // A click on the day header fills Tuesday; a second one clears it again.
  await page.getByRole("button", { name: "Dienstag", exact: true }).click();
  await expect(page.locator('[data-slot^="dienstag"][aria-pressed="true"]')).toHaveCount(14);
  await page.getByRole("button", { name: "Dienstag", exact: true }).click();
  await expect(page.locator('[data-slot^="dienstag"][aria-pressed="true"]')).toHaveCount(0);

  await page.getByRole("button", { name: "+ Abwesenheit hinzufügen" }).click();
  await page.getByLabel("Erster Tag", { exact: true }).fill("15.03.2027");
  await page.getByLabel("Erster Tag", { exact: true }).blur();
  await page.getByLabel("Art", { exact: true }).selectOption("partial");
  await page.getByLabel("Von", { exact: true }).fill("08:05");
  await page.getByLabel("Von", { exact: true }).blur();
  await page.getByLabel("Bis", { exact: true }).fill("11:30");
  await page.getByLabel("Bis", { exact: true }).blur();
  await page.getByLabel("Beschreibung (optional)").fill("Klausur");
  await page.getByRole("button", { name: "Abwesenheiten speichern" }).click();
  await expect(page.getByText("Urlaub/Abwesenheit erfolgreich gespeichert")).toBeVisible();
  const absences = await app().sql`
    select date::text, is_unavailable, start_time::text, end_time::text, description
    from special_dates s join users u on u.id = s.user_id where u.username = 'lena'
  `;
  expect(absences.map((r) => ({ ...r }))).toEqual([{
    date: "2027-03-15",
    is_unavailable: false,
    start_time: "08:05:00",
    end_time: "11:30:00",
    description: "Klausur",
  }]);
  await useDarkTheme(page);
  await expectDrawnDark(page.getByRole("heading", { name: "Meine wöchentliche Verfügbarkeit" }));
  await context.close();
});

test("phone 390 px with touch: drag 6 hours, tap 2, save, reload", async ({ browser }) => {
  const context = await browser.newContext(phone);
  await skipTutorials(context);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "paul");
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  await expect(cell(page, "Montag 07:00")).toBeVisible();
  await touchDrag(page, ["Montag 07:00", "Montag 08:00", "Montag 09:00", "Montag 10:00"]);
  await touchDrag(page, ["Montag 11:00", "Montag 12:00"]);
  await cell(page, "Montag 15:00").tap();
  await cell(page, "Montag 16:00").tap();
  await expect(page.locator('[data-slot][aria-pressed="true"]')).toHaveCount(8);
  await page.getByRole("button", { name: "Verfügbarkeit speichern" }).tap();
  await expect(page.getByText("Verfügbarkeit erfolgreich gespeichert")).toBeVisible();
  expect(await storedSlots("paul")).toEqual([
    "1 07:00",
    "1 08:00",
    "1 09:00",
    "1 10:00",
    "1 11:00",
    "1 12:00",
    "1 15:00",
    "1 16:00",
  ]);
  await page.reload();
  await expect(cell(page, "Montag 12:00")).toHaveAttribute("aria-pressed", "true");
  await expect(cell(page, "Montag 16:00")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('[data-slot][aria-pressed="true"]')).toHaveCount(8);
  await context.close();
});

for (const [label, options] of [["desktop", desktop], ["phone", phone]] as const) {
  test(`calendar (${label}) shows the lesson after the clock change at 14:00`, async ({ browser }) => {
    const context = await browser.newContext(options);
    await skipTutorials(context);
    const page = await context.newPage();
    await loginAs(page, app().baseURL, "lena");
    await page.goto(`${app().baseURL}/kalender`);
    await expect(page.getByRole("heading", { name: "Mein Stundenplan" })).toBeVisible();
    await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
    const heading = page.locator("#calendar-month");
    for (let i = 0; i < 40 && (await heading.textContent()) !== "März 2027"; i++) {
      const ahead = (await heading.textContent())!.endsWith("2028");
      await page.getByRole("button", { name: ahead ? "Vorheriger Monat" : "Nächster Monat" })
        .click();
    }
    await expect(heading).toHaveText("März 2027");
    const monday = page.locator('[data-day="2027-03-29"]');
    await expect(monday).toContainText("14:00");
    await expect(monday).toContainText("Fahrstunde");
    await expect(monday.locator(".calendar-badge")).toHaveText(/^M/);
    const friday = page.locator('[data-day="2027-03-26"]');
    await expect(friday).toContainText("09:30");
    await expect(friday).toContainText("Autobahnfahrt");
    await expect(friday.locator(".calendar-badge")).toHaveText(/^A/);
    await useDarkTheme(page);
    // The reload opens the current month: its title sits on the calendar's own surface.
    await expectDrawnDark(page.locator("#calendar-month"));
    await context.close();
  });
}

test("the student tutorial starts by itself, walks 4 steps and is remembered", async ({ browser }) => {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  await loginAs(page, app().baseURL, "tina");
  await page.goto(`${app().baseURL}/verfuegbarkeit`);
  const tooltip = page.getByRole("dialog", { name: "Tutorial für Fahrschüler" });
  await expect(tooltip).toContainText("Schritt 1 von 4");
  await tooltip.getByRole("button", { name: "Weiter" }).click();
  await expect(tooltip).toContainText("Schritt 2 von 4");
  await tooltip.getByRole("button", { name: "Zurück" }).click();
  await expect(tooltip).toContainText("Schritt 1 von 4");
  await tooltip.getByRole("button", { name: "Tutorial schließen" }).click();
  await expect(
    page.getByText(
      "Möchten Sie das Tutorial wirklich beenden? Sie können es jederzeit über den ?-Button neu starten.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Abbrechen" }).click();
  for (const n of [2, 3, 4]) {
    await tooltip.getByRole("button", { name: "Weiter" }).click();
    await expect(tooltip).toContainText(`Schritt ${n} von 4`);
  }
  await tooltip.getByRole("button", { name: "Fertig" }).click();
  await expect(tooltip).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("student-tutorial-completed")))
    .toBe("true");
  await page.reload();
  await waitPastTourStart(page);
  await expect(tooltip).toBeHidden();
  await page.getByRole("button", { name: "Tutorial starten" }).click();
  await expect(tooltip).toContainText("Schritt 1 von 4");
  await context.close();
});
