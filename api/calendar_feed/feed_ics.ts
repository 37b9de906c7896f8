import { type CalendarEvent, calendarStream, calendarText } from "../lib/ics_calendar.ts";

/** One lesson of a person's feed (the shared calendar event, api/lib/ics_calendar.ts). */
export type FeedLesson = CalendarEvent;

function feedHeader(options: { name: string; now?: Date }) {
  return { productId: "-//Fahrplan//Kalender-Abo//DE", refreshHourly: true, ...options };
}

/** A person's subscribable calendar as text. */
export function feedCalendar(lessons: FeedLesson[], options: { name: string; now?: Date }) {
  return calendarText(lessons, feedHeader(options));
}

/** The same calendar as a response body that does not hold the server while it is written. */
export function feedCalendarStream(lessons: FeedLesson[], options: { name: string }) {
  return calendarStream(lessons, (lesson) => lesson, feedHeader(options));
}
