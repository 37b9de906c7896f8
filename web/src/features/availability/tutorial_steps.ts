import type { TutorialStep } from "../../components/ui/tutorial.tsx";

/** The four steps for instructors (spec 02 §2: step texts are ours). */
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
      "Halten Sie die Maustaste (oder den Finger) gedrückt und ziehen Sie über mehrere Zellen. Beginnen Sie auf einer freien Zelle, wird markiert; beginnen Sie auf einer markierten, wird gelöscht. Ein Klick auf Wochentag oder Uhrzeit wählt die ganze Spalte bzw. Zeile.",
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

/** The four steps for students. */
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
      "Tippen Sie eine Stunde an oder ziehen Sie über mehrere Stunden, um sie auf einmal zu markieren. Ziehen Sie über markierte Stunden, werden sie wieder entfernt.",
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
