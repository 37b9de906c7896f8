import type { AppointmentRow } from "../../common/contract/appointment_row.ts";
import type { Db, Sql } from "../../db/connection.ts";
import { fullNameSql } from "../lib/person_name.ts";
import { SCHOOL_TIME_ZONE } from "../../common/time.ts";
import { appointmentTypeLabel, appointmentTypeLabels } from "../../common/german_words.ts";

export type { AppointmentRow };

/** The German name of an appointment type; unknown types are shown as they are stored. */
export const appointmentTypeDisplay = appointmentTypeLabel;

/**
 * An instant as ISO text with the Berlin offset, e.g. 2026-12-10T14:00:00+01:00. Computed in SQL
 * so the answer does not depend on the session time zone; Berlin's offset is never negative.
 */
export function berlinIsoSql(sql: Db, column: string) {
  const c = sql.unsafe(column);
  return sql`to_char(${c} at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI:SS')
    || '+' || to_char((${c} at time zone ${SCHOOL_TIME_ZONE}) - (${c} at time zone 'UTC'), 'HH24:MI')`;
}

/**
 * The select list and joins shared by the list and the exports (aliases a, s, i, v); `extra` adds
 * columns after the row's own (the exports' notes and change stamps).
 */
export function appointmentSelect(sql: Sql, extra = sql``) {
  return sql`
    select a.id::int,
           ${berlinIsoSql(sql, "a.starts_at")} as start_time,
           ${berlinIsoSql(sql, "a.ends_at")} as end_time,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'YYYY-MM-DD') as date,
           to_char(a.starts_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as time,
           to_char(a.ends_at at time zone ${SCHOOL_TIME_ZONE}, 'HH24:MI') as end_clock,
           s.id::int as student_id, ${fullNameSql(sql, "s")} as student_name,
           i.id::int as instructor_id, ${fullNameSql(sql, "i")} as instructor_name,
           a.appointment_type, a.title, v.name as vehicle,
           nullif(sp.start_location, '') as pickup_point,
           a.transmission as transmission_type, a.status, a.cancel_reason ${extra}
    ${appointmentJoins(sql)}
  `;
}

/**
 * The tables behind an appointment row: a, its student s (profile sp), instructor i and
 * vehicle v.
 */
export function appointmentJoins(sql: Sql) {
  return sql`
    from appointments a
    join users s on s.id = a.student_id
    join users i on i.id = a.instructor_id
    left join vehicles v on v.id = a.vehicle_id
    left join student_profiles sp on sp.user_id = a.student_id
  `;
}

type RawRow = Omit<AppointmentRow, "appointment_type_display" | "type_display">;

/** Adds the display fields the spec's appointment row carries. */
export function withDisplay(row: RawRow): AppointmentRow {
  const display = appointmentTypeDisplay(row.appointment_type);
  return { ...row, appointment_type_display: display, type_display: display };
}

/** appointmentTypeDisplay in SQL (alias a), for sorting by what the Typ column shows. */
export function appointmentTypeDisplaySql(sql: Sql) {
  // The labels come from the one list in common/german_words.ts, passed as parameters.
  const cases = Object.entries(appointmentTypeLabels).map(([type, label]) =>
    sql`when ${type} then ${label}`
  );
  return sql`case a.appointment_type ${cases.reduce((all, one) => sql`${all} ${one}`)}
             else a.appointment_type end`;
}
