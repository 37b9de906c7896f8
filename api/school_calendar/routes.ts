import { Hono } from "hono";
import type { AnswerOf } from "../../common/contract/routes.ts";
import {
  closingDaySchema,
  plannedWeekdaysSchema,
  PUBLIC_HOLIDAY_PREVIEW_DAYS,
  schoolCalendarSchema,
} from "../../common/contract/school_calendar.ts";
import { FEDERAL_STATES } from "../../common/school_calendar/states.ts";
import { addDays, schoolDay } from "../../common/time.ts";
import type { Db } from "../../db/connection.ts";
import type { AppEnv } from "../env.ts";
import { recordAudit } from "../lib/audit.ts";
import { validate } from "../lib/validate.ts";
import { germanDayName } from "../../common/german_words.ts";
import { readPlannedWeekdays, writePlannedWeekdays } from "../../db/school_settings.ts";
import { closingDayRows, ferienRanges, schoolState } from "../../db/school_calendar.ts";
import { publicHolidays } from "../../common/school_calendar/public_holidays.ts";
import { germanDate } from "../../common/german_words.ts";
import { notFound } from "../lib/errors.ts";
import { idParam } from "../lib/id_param.ts";

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
    public_holidays: publicHolidays(state, from, to),
    public_holidays_from: from,
    public_holidays_to: to,
    closing_days: await closingDayRows(db, from),
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

/** The words of a closing day in the log: 'Heiligabend, 24.12.2027 ab 12:00'. */
function closingWords(
  row: { name: string; start_date: string; end_date: string; from_time: string | null },
) {
  const days = row.end_date === row.start_date
    ? germanDate(row.start_date)
    : `${germanDate(row.start_date)} – ${germanDate(row.end_date)}`;
  return `${row.name}, ${days}${row.from_time ? ` ab ${row.from_time}` : ""}`;
}

/** Adds a closing day or range (issue 25, point 2); the planner and manual bookings respect it. */
schoolCalendarRoutes.post(
  "/school-calendar/closing-days/",
  validate("json", closingDaySchema),
  async (c) => {
    const input = c.req.valid("json");
    const row = {
      name: input.name,
      start_date: input.start_date,
      end_date: input.end_date ?? input.start_date,
      from_time: input.from_time ?? null,
    };
    const answer = await c.get("sql").begin(async (tx) => {
      await tx`
        insert into school_closing_days (name, start_date, end_date, from_time)
        values (${row.name}, ${row.start_date}, ${row.end_date}, ${row.from_time})
      `;
      await recordAudit(
        tx,
        c.get("user"),
        "school_calendar.closing_day",
        `Schließtage eingetragen: ${closingWords(row)}`,
        row,
      );
      return await calendarAnswer(tx);
    });
    return c.json<AnswerOf<"POST /admin/school-calendar/closing-days/">>(answer, 201);
  },
);

schoolCalendarRoutes.delete("/school-calendar/closing-days/:id{[0-9]+}/", async (c) => {
  const id = idParam(c.req.param("id"), "Der Schließtag");
  const answer = await c.get("sql").begin(async (tx) => {
    const [row] = await tx<
      { name: string; start_date: string; end_date: string; from_time: string | null }[]
    >`
      delete from school_closing_days where id = ${id}
      returning name, start_date::text, end_date::text, to_char(from_time, 'HH24:MI') as from_time
    `;
    if (!row) throw notFound("Der Schließtag");
    await recordAudit(
      tx,
      c.get("user"),
      "school_calendar.closing_day_delete",
      `Schließtage gelöscht: ${closingWords(row)}`,
      { ...row },
    );
    return await calendarAnswer(tx);
  });
  return c.json<AnswerOf<"DELETE /admin/school-calendar/closing-days/{id}/">>(answer);
});

/** The planned weekdays (default Monday to Saturday); rows on other days stay stored. */
schoolCalendarRoutes.get("/planned-weekdays/", async (c) => {
  return c.json<AnswerOf<"GET /admin/planned-weekdays/">>({
    planned_weekdays: await readPlannedWeekdays(c.get("sql")),
  });
});

schoolCalendarRoutes.put(
  "/planned-weekdays/",
  validate("json", plannedWeekdaysSchema),
  async (c) => {
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
    return c.json<AnswerOf<"PUT /admin/planned-weekdays/">>({ planned_weekdays: days });
  },
);
