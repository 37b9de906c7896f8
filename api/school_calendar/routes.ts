import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import {
  PUBLIC_HOLIDAY_PREVIEW_DAYS,
  schoolCalendarSchema,
} from "../../common/contract/school_calendar.ts";
import { FEDERAL_STATES } from "../../common/school_calendar/states.ts";
import { addDays, schoolDay } from "../../common/time.ts";
import type { Db } from "../../db/connection.ts";
import type { AppEnv } from "../env.ts";
import { recordAudit } from "../lib/audit.ts";
import { validate } from "../lib/validate.ts";
import { z } from "zod";
import { germanDayName } from "../../common/german_words.ts";
import { readPlannedWeekdays, writePlannedWeekdays } from "../../db/school_settings.ts";
import { closedDays, ferienRanges, schoolState } from "../../db/school_calendar.ts";

/** Mounted under /api/admin (admins only): "Ferien & Feiertage". */
export const schoolCalendarRoutes = new Hono<AppEnv>();

async function calendarAnswer(db: Db): Promise<AnswerOf<"GET /admin/school-calendar/">> {
  const state = await schoolState(db);
  const from = schoolDay();
  const to = addDays(from, PUBLIC_HOLIDAY_PREVIEW_DAYS);
  const [row] = await db`select updated_at from school_settings where id = 1`;
  return {
    federal_state: state,
    federal_state_name: FEDERAL_STATES[state],
    ferien: await ferienRanges(db),
    public_holidays: await closedDays(db, from, to),
    public_holidays_from: from,
    public_holidays_to: to,
    updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

schoolCalendarRoutes.get("/school-calendar/", async (c) => {
  return c.json<AnswerOf<"GET /admin/school-calendar/">>(await calendarAnswer(c.get("sql")));
});

/** Saves the state and replaces the Ferien ranges, with one line in the activity log. */
schoolCalendarRoutes.put("/school-calendar/", validate("json", schoolCalendarSchema), async (c) => {
  const input = c.req.valid("json");
  const answer = await c.get("sql").begin(async (tx) => {
    const before = await schoolState(tx);
    const [{ count: ferienBefore }] = await tx`select count(*)::int as count from school_holidays`;
    await tx`
      insert into school_settings (id, federal_state) values (1, ${input.federal_state})
      on conflict (id) do update set federal_state = excluded.federal_state, updated_at = now()
    `;
    await tx`delete from school_holidays`;
    if (input.ferien.length > 0) {
      await tx`
        insert into school_holidays (name, start_date, end_date)
        select * from unnest(${input.ferien.map((f) => f.name)}::text[],
                             ${input.ferien.map((f) => f.start_date)}::date[],
                             ${input.ferien.map((f) => f.end_date)}::date[])
        order by 2, 3
      `;
    }
    const name = FEDERAL_STATES[input.federal_state];
    const count = input.ferien.length;
    await recordAudit(
      tx,
      c.get("user"),
      "school_calendar.update",
      `Ferien & Feiertage gespeichert: ${name}, ${count} ${
        count === 1 ? "Ferienzeitraum" : "Ferienzeiträume"
      }`,
      {
        federal_state_before: before,
        federal_state: input.federal_state,
        ferien_before: ferienBefore,
        ferien: count,
      },
    );
    return await calendarAnswer(tx);
  });
  return c.json<AnswerOf<"PUT /admin/school-calendar/">>(answer);
});

const weekdaysSchema = z.object({
  planned_weekdays: z.array(
    z.number().int().min(1, "Wochentage gehen von 1 (Montag) bis 7 (Sonntag).")
      .max(7, "Wochentage gehen von 1 (Montag) bis 7 (Sonntag)."),
    { error: "Bitte senden Sie eine Liste von Wochentagen." },
  ).min(1, "Bitte wählen Sie mindestens einen Planungstag.").max(7),
});

/** The planned weekdays (default Monday to Saturday); rows on other days stay stored. */
schoolCalendarRoutes.get("/planned-weekdays/", async (c) => {
  return c.json({ planned_weekdays: await readPlannedWeekdays(c.get("sql")) });
});

schoolCalendarRoutes.put("/planned-weekdays/", validate("json", weekdaysSchema), async (c) => {
  const days = [...new Set(c.req.valid("json").planned_weekdays)].sort();
  await c.get("sql").begin(async (tx) => {
    await writePlannedWeekdays(tx, days);
    await recordAudit(
      tx,
      c.get("user"),
      "school.planned_weekdays",
      `Planungstage geändert: ${days.map((d) => germanDayName(d)).join(", ")}`,
      { planned_weekdays: days },
    );
  });
  return c.json({ planned_weekdays: days });
});
