import type { Db } from "./connection.ts";
import { defaultPlannedWeekdays } from "../common/availability_model.ts";

/** The school's planned weekdays (1 = Monday), sorted; the default when nothing is stored. */
export async function readPlannedWeekdays(sql: Db): Promise<number[]> {
  const [row] = await sql<{ days: number[] }[]>`
    select array(select unnest(planned_weekdays)::int order by 1) as days
      from school_settings where id = 1
  `;
  return row?.days?.length ? row.days : [...defaultPlannedWeekdays];
}

/** Stores the planned weekdays (checked by the caller). */
export async function writePlannedWeekdays(sql: Db, days: number[]): Promise<void> {
  await sql`
    update school_settings set planned_weekdays = ${days}::smallint[], updated_at = now()
     where id = 1
  `;
}
