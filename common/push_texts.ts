/**
 * The German push messages (issue 23): the same events as the e-mails of notification_texts.ts,
 * but short. A phone shows a title and two or three lines; the payload must stay far below the
 * 4 KB a push service carries, however many lessons a plan gives one person.
 */
import { appointmentTypeLabel } from "./german_words.ts";
import {
  type LessonChange,
  type LessonFacts,
  type Reader,
  weekdayDate,
} from "./notification_texts.ts";

/** What the service worker shows: title and body. */
export interface PushText {
  title: string;
  body: string;
}

/** Lessons named one by one in a published plan's message; the rest are counted. */
const LISTED = 3;

/** 'Di, 05.03.2030, 10:00 Uhr: Fahrstunde mit Otto Lehrer' */
function shortLine(lesson: LessonFacts, reader: Reader): string {
  const other = reader.role === "student" ? lesson.instructor_name : lesson.student_name;
  return `${weekdayDate(lesson.date)}, ${lesson.start} Uhr: ` +
    `${appointmentTypeLabel(lesson.appointment_type)} mit ${other}`;
}

/** Where the student is picked up, when the school stored it. */
function meeting(lesson: LessonFacts): string {
  return lesson.pickup ? `\nTreffpunkt: ${lesson.pickup}` : "";
}

/** A published plan: the first lessons, and how many more. */
export function planPublishedPush(reader: Reader, lessons: LessonFacts[]): PushText {
  const count = lessons.length === 1 ? "1 neuer Termin" : `${lessons.length} neue Termine`;
  const more = lessons.length - LISTED;
  return {
    title: `Ihr Fahrplan: ${count}`,
    body: lessons.slice(0, LISTED).map((l) => shortLine(l, reader)).join("\n") +
      (more > 0 ? `\nund ${more} weitere` : ""),
  };
}

/** One lesson the office added, moved or cancelled. */
export function lessonChangedPush(
  reader: Reader,
  lesson: LessonFacts,
  change: LessonChange,
): PushText {
  const when = `${weekdayDate(lesson.date)} um ${lesson.start} Uhr`;
  const type = appointmentTypeLabel(lesson.appointment_type);
  if (change.kind === "added") {
    return { title: `Neuer Termin: ${when}`, body: shortLine(lesson, reader) + meeting(lesson) };
  }
  if (change.kind === "handed_over") {
    const before = change.before;
    return {
      title: `Termin abgegeben: ${appointmentTypeLabel(before.appointment_type)} am ` +
        `${weekdayDate(before.date)} um ${before.start} Uhr`,
      body: `${shortLine(before, reader)}\nDen Termin übernimmt ${change.to}.`,
    };
  }
  if (change.kind === "moved") {
    return {
      title: `Termin verschoben: ${type} am ${when}`,
      body: `Bisher: ${shortLine(change.before, reader)}\nNeu: ${shortLine(lesson, reader)}`,
    };
  }
  return {
    title: `Termin abgesagt: ${type} am ${when}`,
    body: shortLine(lesson, reader) + (change.reason ? `\nGrund: ${change.reason}` : ""),
  };
}

/** The reminder some hours before a lesson. */
export function reminderPush(reader: Reader, lesson: LessonFacts): PushText {
  return {
    title: `Erinnerung: ${appointmentTypeLabel(lesson.appointment_type)} am ` +
      `${weekdayDate(lesson.date)} um ${lesson.start} Uhr`,
    body: shortLine(lesson, reader) + meeting(lesson),
  };
}
