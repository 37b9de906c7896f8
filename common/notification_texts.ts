/**
 * The German e-mails people get about their lessons (issue 23). Plain text: every phone and mail
 * program shows it, and nothing in it can be mistaken for a tracking pixel or a phishing button.
 */
import { appointmentTypeLabel, germanDate, germanWeekdayShort } from "./german_words.ts";

/** One lesson as a message names it, on the school's wall clock. */
export interface LessonFacts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  start: string;
  end: string;
  appointment_type: string;
  student_name: string;
  instructor_name: string;
  /** the student's pickup point (Treffpunkt) and its address, '' when none */
  pickup: string;
  pickup_address: string;
  vehicle: string | null;
}

/** Who reads the message: the lesson's student or its instructor. */
export type Reader = { name: string; role: "student" | "instructor" };

/** A message ready for the outbox. */
export interface Mail {
  subject: string;
  body: string;
}

const footer = "\n\nIhre Fahrschule\n\n" +
  "Diese Nachricht wurde von Fahrplan verschickt. Welche E-Mails Sie bekommen, stellen Sie in " +
  "Fahrplan über Ihr Benutzermenü unter „Benachrichtigungen“ ein.";

/** 2030-03-05 → 'Di, 05.03.2030' */
export function weekdayDate(isoDate: string): string {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return `${germanWeekdayShort[(day + 6) % 7]}, ${germanDate(isoDate)}`;
}

/** 'Di, 05.03.2030, 10:00–11:00 Uhr: Fahrstunde mit Otto Lehrer, Treffpunkt: Barop (Hauptstr. 1)' */
export function lessonLine(lesson: LessonFacts, reader: Reader): string {
  const other = reader.role === "student" ? lesson.instructor_name : lesson.student_name;
  const where = lesson.pickup
    ? `, Treffpunkt: ${lesson.pickup}${lesson.pickup_address ? ` (${lesson.pickup_address})` : ""}`
    : "";
  const car = lesson.vehicle ? `, Fahrzeug: ${lesson.vehicle}` : "";
  return `${weekdayDate(lesson.date)}, ${lesson.start}–${lesson.end} Uhr: ` +
    `${appointmentTypeLabel(lesson.appointment_type)} mit ${other}${where}${car}`;
}

/** One e-mail per person for a published plan, listing all of their new lessons. */
export function planPublishedMail(reader: Reader, lessons: LessonFacts[]): Mail {
  const count = lessons.length === 1 ? "1 neuer Termin" : `${lessons.length} neue Termine`;
  return {
    subject: `Ihr Fahrplan: ${count}`,
    body: `Hallo ${reader.name},\n\n` +
      `die Fahrschule hat einen neuen Plan veröffentlicht. Ihre neuen Termine:\n\n` +
      lessons.map((l) => `- ${lessonLine(l, reader)}`).join("\n") +
      "\n\nAlle Termine finden Sie jederzeit in Fahrplan unter „Kalender“." + footer,
  };
}

/** What the office did to one lesson. */
export type LessonChange =
  | { kind: "added" }
  | { kind: "moved"; before: LessonFacts }
  | { kind: "cancelled"; reason: string }
  /** for the instructor a move took the lesson from: it is off for them, `to` gives it now */
  | { kind: "handed_over"; before: LessonFacts; to: string };

/** The e-mail about one lesson the office added, moved or cancelled. */
export function lessonChangedMail(reader: Reader, lesson: LessonFacts, change: LessonChange): Mail {
  const when = `${weekdayDate(lesson.date)} um ${lesson.start} Uhr`;
  const type = appointmentTypeLabel(lesson.appointment_type);
  if (change.kind === "added") {
    return {
      subject: `Neuer Termin: ${when}`,
      body: `Hallo ${reader.name},\n\ndie Fahrschule hat einen Termin für Sie eingetragen:\n\n` +
        `- ${lessonLine(lesson, reader)}` + footer,
    };
  }
  if (change.kind === "handed_over") {
    const before = change.before;
    return {
      subject: `Termin abgegeben: ${appointmentTypeLabel(before.appointment_type)} am ` +
        `${weekdayDate(before.date)} um ${before.start} Uhr`,
      body: `Hallo ${reader.name},\n\ndiesen Termin geben Sie nicht mehr:\n\n` +
        `- ${lessonLine(before, reader)}\n\nDen Termin übernimmt ${change.to}.` + footer,
    };
  }
  if (change.kind === "moved") {
    return {
      subject: `Termin verschoben: ${type} am ${when}`,
      body: `Hallo ${reader.name},\n\nein Termin wurde verschoben.\n\n` +
        `Bisher: ${lessonLine(change.before, reader)}\n` +
        `Neu:    ${lessonLine(lesson, reader)}` + footer,
    };
  }
  return {
    subject: `Termin abgesagt: ${type} am ${when}`,
    body: `Hallo ${reader.name},\n\nein Termin wurde abgesagt:\n\n` +
      `- ${lessonLine(lesson, reader)}` +
      (change.reason ? `\n\nGrund: ${change.reason}` : "") + footer,
  };
}

/** The reminder some hours before a lesson. */
export function reminderMail(reader: Reader, lesson: LessonFacts): Mail {
  return {
    subject: `Erinnerung: ${appointmentTypeLabel(lesson.appointment_type)} am ` +
      `${weekdayDate(lesson.date)} um ${lesson.start} Uhr`,
    body: `Hallo ${reader.name},\n\nzur Erinnerung an Ihren nächsten Termin:\n\n` +
      `- ${lessonLine(lesson, reader)}` + footer,
  };
}

/** The "Passwort vergessen?" link. */
export function passwordResetMail(name: string, link: string): Mail {
  return {
    subject: "Neues Passwort für Fahrplan",
    body: `Hallo ${name},\n\nfür Ihr Konto wurde ein neues Passwort angefordert. Über diesen ` +
      `Link legen Sie es fest (er gilt eine Stunde und nur einmal):\n\n${link}\n\n` +
      "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt " +
      "dann unverändert.\n\nIhre Fahrschule",
  };
}
