import { assertEquals } from "../api/testing/assert.ts";
import { createTestDatabase } from "./test_database.ts";
import { closedDays, ferienRanges } from "./school_calendar.ts";

const { sql } = await createTestDatabase("school_calendar_holidays");
Deno.test.afterAll?.(() => sql.end({ timeout: 5 }));

Deno.test("closedDays: the public holidays of the configured state", async () => {
  await sql`update school_settings set federal_state = 'NW'`;
  assertEquals(await closedDays(sql, "2026-10-30", "2026-11-20"), [
    { date: "2026-11-01", name: "Allerheiligen" },
  ]);
  // Sachsen: Reformationstag and Buß- und Bettag, no Allerheiligen.
  await sql`update school_settings set federal_state = 'SN'`;
  assertEquals((await closedDays(sql, "2026-10-30", "2026-11-20")).map((d) => d.date), [
    "2026-10-31",
    "2026-11-18",
  ]);
  await sql`update school_settings set federal_state = 'NW'`;
});

Deno.test("ferienRanges: the ranges touching the period, by start", async () => {
  await sql`delete from school_holidays`;
  await sql`insert into school_holidays (name, start_date, end_date)
            values ('B', '2027-03-22', '2027-04-03'), ('A', '2026-12-23', '2027-01-06')`;
  assertEquals((await ferienRanges(sql, "2027-01-06", "2027-03-22")).map((r) => r.name), [
    "A",
    "B",
  ]);
  assertEquals((await ferienRanges(sql, "2027-01-07", "2027-03-21")).map((r) => r.name), []);
  assertEquals((await ferienRanges(sql)).map((r) => r.start_date), ["2026-12-23", "2027-03-22"]);
});

Deno.test("closing days reach the planner instance the way public holidays do (issue 25, point 2)", async () => {
  // The worker builds its horizon calendar from closedDays (solver/worker/school_calendar.ts):
  // each closing day becomes a whole-day absence of every instructor and student.
  const { readHorizonCalendar } = await import("../solver/worker/school_calendar.ts");
  await sql`insert into school_closing_days (name, start_date, end_date, from_time)
            values ('Heiligabend', '2027-12-24', '2027-12-24', '12:00'),
                   ('Brückentag', '2027-12-27', '2027-12-27', null)`;
  const calendar = await readHorizonCalendar(sql, "2027-12-20", "2027-12-28");
  assertEquals(calendar.holidays, [
    { from: "2027-12-24", to: "2027-12-24" },
    { from: "2027-12-25", to: "2027-12-25" },
    { from: "2027-12-26", to: "2027-12-26" },
    { from: "2027-12-27", to: "2027-12-27" },
  ]);
  await sql`delete from school_closing_days`;
});
