import { germanWeekdayNames } from "../../../../common/german_words.ts";

/** Lower-case German weekday names, Monday first: the first part of a selection key. */
export const weekdayKeys = germanWeekdayNames.map((name) => name.toLowerCase());

/** Weekday names as shown, Monday first. */
export const weekdayLabels = germanWeekdayNames;

/** The grid's rows: 07:00 to 20:00, one hour each (spec 02 §9: 14 rows). */
export const gridHours = Array.from({ length: 14 }, (_, i) => 7 + i);

/** Monday to Saturday: the school's planned weekdays (1 = Monday) until the server says. */
export const defaultPlannedWeekdays = [1, 2, 3, 4, 5, 6];

/**
 * Whether a day (index 0 = Monday) is one of the school's planned weekdays: only those can be
 * marked; others are shown greyed with what is stored there, and a save leaves them as they are.
 */
export function isPlanned(dayIndex: number, planned: readonly number[]): boolean {
  return planned.includes(dayIndex + 1);
}

/** 'HH:00' of an hour. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/** The selection map's key, e.g. 'montag-08:00'. */
export function slotKey(dayIndex: number, hour: number): string {
  return `${weekdayKeys[dayIndex]}-${hourLabel(hour)}`;
}

/** The screen's selection: key → true when the hour is marked. */
export type Selection = Record<string, true>;

/** One saved hour as the API speaks it. */
export interface AvailabilitySlot {
  day_of_week: number;
  start_time: string;
  end_time: string;
}

/** The slots to save: planned weekdays only, one hour each, 'HH:00:00'. */
export function selectionToSlots(
  selection: Selection,
  planned: readonly number[] = defaultPlannedWeekdays,
): AvailabilitySlot[] {
  const slots: AvailabilitySlot[] = [];
  for (let day = 0; day < 7; day++) {
    if (!isPlanned(day, planned)) continue;
    for (const hour of gridHours) {
      if (selection[slotKey(day, hour)]) {
        slots.push({
          day_of_week: day + 1,
          start_time: `${hourLabel(hour)}:00`,
          end_time: `${hourLabel(hour + 1)}:00`,
        });
      }
    }
  }
  return slots;
}

/** The selection map of stored rows (day_of_week 1-7; only the start hour counts). */
export function slotsToSelection(slots: { day_of_week: number; start_time: string }[]): Selection {
  const selection: Selection = {};
  for (const slot of slots) {
    const hour = Number(slot.start_time.slice(0, 2));
    const day = slot.day_of_week - 1;
    if (day >= 0 && day < 7 && gridHours.includes(hour)) selection[slotKey(day, hour)] = true;
  }
  return selection;
}

/**
 * The hours stored only in part, by key, with what the cell says: "ab 08:30" for a working day
 * that starts at 08:30, "bis 15:30", or both times (issue 25: the grid showed them as whole hours).
 */
export function partialHours(
  slots: { day_of_week: number; start_time: string; end_time: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const slot of slots) {
    const hour = Number(slot.start_time.slice(0, 2));
    const day = slot.day_of_week - 1;
    if (day < 0 || day > 6 || !gridHours.includes(hour)) continue;
    const start = slot.start_time.slice(0, 5), end = slot.end_time.slice(0, 5);
    const lateStart = !start.endsWith(":00");
    const earlyEnd = !end.endsWith(":00");
    if (lateStart && earlyEnd) out[slotKey(day, hour)] = `${start}–${end}`;
    else if (lateStart) out[slotKey(day, hour)] = `ab ${start}`;
    else if (earlyEnd) out[slotKey(day, hour)] = `bis ${end}`;
  }
  return out;
}

/** The minutes of its hour a partly covered cell stands for ("ab 08:30" → 30). */
export function partialMinutes(note: string): number {
  const times = [...note.matchAll(/(\d\d):(\d\d)/g)].map((m) => Number(m[2]));
  if (note.startsWith("ab ")) return 60 - times[0];
  if (note.startsWith("bis ")) return times[0];
  return times.length === 2 ? (times[1] || 60) - times[0] : 60;
}

/** The minutes a selected cell stands for: a whole hour, or its part ("ab 08:30" → 30). */
export function cellMinutes(key: string, partial: Record<string, string> = {}): number {
  return partial[key] ? partialMinutes(partial[key]) : 60;
}

/** The hours one weekday (0 = Monday) has selected, half hours included (issue 22). */
export function dayHours(
  selection: Selection,
  partial: Record<string, string> = {},
  dayIndex: number,
): number {
  const keys = gridHours.map((hour) => slotKey(dayIndex, hour)).filter((key) => selection[key]);
  return keys.reduce((sum, key) => sum + cellMinutes(key, partial), 0) / 60;
}

/** "keine Stunden", "1 Stunde", "11,5 Stunden": hours as German writes them. */
export function hoursText(hours: number): string {
  if (hours === 0) return "keine Stunden";
  if (hours === 1) return "1 Stunde";
  return `${hours.toLocaleString("de-DE", { maximumFractionDigits: 2 })} Stunden`;
}

/** The same map without the given keys (hours the user changed are whole hours from then on). */
export function withoutKeys(map: Record<string, string>, keys: string[]): Record<string, string> {
  const next = { ...map };
  for (const key of keys) delete next[key];
  return next;
}

/** Sets or clears a list of keys. */
export function withKeys(selection: Selection, keys: string[], selected: boolean): Selection {
  const next = { ...selection };
  for (const key of keys) {
    if (selected) next[key] = true;
    else delete next[key];
  }
  return next;
}

/** Selects all keys if any of them is unselected, otherwise clears them (day and hour headers). */
export function toggleAll(selection: Selection, keys: string[]): Selection {
  return withKeys(selection, keys, keys.some((key) => !selection[key]));
}
