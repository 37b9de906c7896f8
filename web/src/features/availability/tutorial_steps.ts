import type { TutorialStep } from "../../components/ui/tutorial.tsx";

/**
 * The steps a screen shows: the desktop grid is used with the mouse, the phone's day list with the
 * finger (issue 25, point 20: no "Maustaste" or "Spalte" on a phone).
 */
export function tutorialSteps(role: "instructor" | "student", wide: boolean): TutorialStep[] {
  if (role === "instructor") return wide ? instructorTutorialSteps : instructorPhoneSteps;
  return wide ? studentTutorialSteps : studentPhoneSteps;
}

/** The four steps for instructors at the desktop grid (spec 02 §2: step texts are ours). */
export const instructorTutorialSteps: TutorialStep[] = [
  {
    target: '[data-tutorial="grid"]',
    title: "Ihre Wochenübersicht",
    text:
      "Jede Zelle steht für eine Stunde von 07:00 bis 21:00. Markieren Sie die Stunden, in denen Sie Fahrstunden geben können – diese Angaben sind die Grundlage für die Terminplanung.",
  },
  {
    target: '[data-tutorial="grid"]',
    title: "Mehrere Stunden auf einmal",
    text:
      "Halten Sie die Maustaste gedrückt und ziehen Sie über mehrere Zellen. Beginnen Sie auf einer freien Zelle, wird markiert; beginnen Sie auf einer markierten, wird gelöscht. Ein Klick auf Wochentag oder Uhrzeit wählt die ganze Spalte bzw. Zeile.",
  },
  {
    target: '[data-tutorial="absences"]',
    title: "Urlaub & Abwesenheit",
    text:
      "Tragen Sie hier einzelne Tage ein, an denen Sie nicht fahren können – ganztägig oder nur für einige Stunden. Die Planung lässt diese Zeiten frei.",
  },
  {
    target: '[data-tutorial="save"]',
    title: "Speichern nicht vergessen",
    text:
      "Mit „Verfügbarkeit speichern“ übernehmen Sie Ihre Markierungen. Ohne Verbindung werden Änderungen auf dem Gerät vorgemerkt und automatisch übertragen, sobald Sie wieder online sind.",
  },
];

/** The four steps for students at the desktop grid. */
export const studentTutorialSteps: TutorialStep[] = [
  {
    target: '[data-tutorial="grid"]',
    title: "Wann können Sie fahren?",
    text:
      "Jede Zelle steht für eine Stunde von 07:00 bis 21:00. Markieren Sie die Stunden, in denen Sie Zeit für Fahrstunden haben – die Fahrschule plant Ihre Termine danach.",
  },
  {
    target: '[data-tutorial="grid"]',
    title: "Schnell markieren",
    text:
      "Klicken Sie eine Stunde an oder ziehen Sie mit gedrückter Maustaste über mehrere Stunden, um sie auf einmal zu markieren. Ziehen Sie über markierte Stunden, werden sie wieder entfernt.",
  },
  {
    target: '[data-tutorial="absences"]',
    title: "Urlaub, Prüfungen, Termine",
    text:
      "Tragen Sie Tage ein, an denen Sie keine Zeit haben – zum Beispiel Urlaub, Klausuren oder Arzttermine. Ganztägig oder nur für einige Stunden.",
  },
  {
    target: '[data-tutorial="save"]',
    title: "Speichern",
    text:
      "Speichern Sie Ihre Auswahl mit „Verfügbarkeit speichern“. Auch ohne Internet geht nichts verloren: Die Änderungen werden übertragen, sobald Sie wieder online sind.",
  },
];

/** The phone's first two steps: each weekday opens its hours, marked by tapping or swiping. */
const phoneGridSteps = (purpose: string): TutorialStep[] => [
  {
    target: '[data-tutorial="grid"]',
    title: "Ihre Woche",
    text:
      `Jeder Wochentag zeigt seine Stunden von 07:00 bis 21:00; tippen Sie auf den Tag, um sie zu öffnen oder zu schließen. Markieren Sie die Stunden, ${purpose}.`,
  },
  {
    target: '[data-tutorial="grid"]',
    title: "Mehrere Stunden auf einmal",
    text:
      "Tippen Sie eine Stunde an, oder ziehen Sie den Finger waagerecht über mehrere Stunden. Beginnen Sie auf einer freien Stunde, wird markiert; beginnen Sie auf einer markierten, wird gelöscht.",
  },
];

/** The instructors' steps on a phone. */
export const instructorPhoneSteps: TutorialStep[] = [
  ...phoneGridSteps("in denen Sie Fahrstunden geben können"),
  ...instructorTutorialSteps.slice(2),
];

/** The students' steps on a phone. */
export const studentPhoneSteps: TutorialStep[] = [
  ...phoneGridSteps("in denen Sie Zeit für Fahrstunden haben"),
  ...studentTutorialSteps.slice(2),
];
