import { z } from "zod";
import type { Sql } from "../../db/connection.ts";
import { type AppointmentRow, appointmentSelect, withDisplay } from "./appointment_rows.ts";
import { isIsoDate, SCHOOL_TIME_ZONE } from "../../common/time.ts";

function dayField(label: string) {
  const message = `${label}: Bitte ein Datum im Format JJJJ-MM-TT angeben.`;
  return z.string().trim().optional()
    .transform((value) => value || undefined)
    .pipe(
      z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message).refine(isIsoDate, message).optional(),
    );
}

/** The optional ?from=&to= of the exports: Berlin calendar days, both inclusive. */
export const exportRangeSchema = z.object({ from: dayField("Von"), to: dayField("Bis") })
  .refine((r) => !r.from || !r.to || r.from <= r.to, {
    message: "Das Von-Datum darf nicht nach dem Bis-Datum liegen.",
    path: ["to"],
  });

/** The checked export range. */
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** Appointments of a range, oldest first; `activeOnly` leaves cancelled ones out. */
export async function exportAppointments(
  sql: Sql,
  range: ExportRange,
  options: { activeOnly: boolean },
): Promise<AppointmentRow[]> {
  // Days are Berlin days: a lesson at 00:30 on the 1st belongs to the 1st, not to the 31st.
  const conditions = [
    range.from
      ? sql`a.starts_at >= (${range.from}::date)::timestamp at time zone ${SCHOOL_TIME_ZONE}`
      : sql`true`,
    range.to
      ? sql`a.starts_at < (${range.to}::date + 1)::timestamp at time zone ${SCHOOL_TIME_ZONE}`
      : sql`true`,
    options.activeOnly ? sql`a.status <> 'cancelled'` : sql`true`,
  ];
  const rows = await sql<Omit<AppointmentRow, "appointment_type_display" | "type_display">[]>`
    ${appointmentSelect(sql)}
    where ${conditions[0]} and ${conditions[1]} and ${conditions[2]}
    order by a.starts_at, lower(i.last_name), a.id
  `;
  return rows.map(withDisplay);
}
