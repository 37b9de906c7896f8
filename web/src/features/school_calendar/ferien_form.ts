/** The editable rows of "Ferien & Feiertage" and what the form checks before saving. */
import type { SchoolCalendarInput } from "../../../../common/contract/school_calendar.ts";
import { shippedFerien } from "../../../../common/school_calendar/ferien_data.ts";
import type { FederalState } from "../../../../common/school_calendar/states.ts";

export interface FerienRow {
  /** React key; rows added in the form have none from the server. */
  key: string;
  name: string;
  start_date: string;
  end_date: string;
}

let counter = 0;
export const newKey = () => `row-${++counter}`;

export function blankRow(): FerienRow {
  return { key: newKey(), name: "", start_date: "", end_date: "" };
}

/** The shipped Ferien of this and the next school year for `state` as form rows. */
export function shippedRows(state: FederalState, today: string): FerienRow[] {
  return shippedFerien(state, today).map((r) => ({
    key: newKey(),
    name: r.name,
    start_date: r.start,
    end_date: r.end,
  }));
}

/** A German message per row index for what the server would refuse too. */
export function rowErrors(rows: FerienRow[]): Map<number, string> {
  const errors = new Map<number, string>();
  rows.forEach((r, i) => {
    if (!r.name.trim()) errors.set(i, "Bitte einen Namen der Ferien angeben.");
    else if (!r.start_date || !r.end_date) {
      errors.set(i, "Bitte ersten und letzten Ferientag angeben.");
    } else if (r.end_date < r.start_date) {
      errors.set(i, "Der letzte Ferientag darf nicht vor dem ersten liegen.");
    }
  });
  return errors;
}

export function toPayload(state: FederalState, rows: FerienRow[]): SchoolCalendarInput {
  return {
    federal_state: state,
    ferien: rows.map(({ name, start_date, end_date }) => ({
      name: name.trim(),
      start_date,
      end_date,
    })),
  };
}
