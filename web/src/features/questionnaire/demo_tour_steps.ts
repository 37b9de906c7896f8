import type { TutorialStep } from "../../components/ui/tutorial.tsx";

/**
 * The spec's local key for the questionnaire demo's tour. The demo link is opened without
 * sign-in, so this key is the only record of it: there is no user to keep it for on the server.
 */
export const demoTourStorageKey = "questionnaire-demo-tutorial-completed";

/** The steps over the demo form (spec 02 §2: for 'demo' a tutorial is shown). */
export const demoTourSteps: TutorialStep[] = [
  {
    target: ".questionnaire-form .form-section",
    withText: "Persönliche Daten",
    title: "Ihre Kontaktdaten",
    text:
      "Tragen Sie Vor- und Nachname, E-Mail-Adresse und Telefonnummer ein. Über diese Angaben meldet sich die Fahrschule bei Ihnen. Felder mit * sind Pflichtfelder.",
  },
  {
    target: ".questionnaire-form .week-table-wrap",
    title: "Ihre Schulzeiten",
    text:
      "Geben Sie für Montag bis Freitag an, wann Ihr Unterricht beginnt und endet und ab wann Sie in der Fahrschule sein können. Fahrstunden werden erst nach Ihrer Ankunft geplant.",
  },
  {
    target: ".questionnaire-form .free-days",
    title: "Freistunden",
    text:
      "Haben Sie an einem Tag eine Freistunde, tragen Sie sie hier ein – bis zu drei pro Tag. Auch in diesen Zeiten kann die Fahrschule Fahrstunden planen.",
  },
  {
    target: ".questionnaire-form .questionnaire-actions",
    title: "Absenden",
    text:
      "Mit „Fragebogen absenden“ schicken Sie Ihre Angaben an die Fahrschule. In diesem Beispiel wird nichts gesendet und nichts gespeichert – probieren Sie es gefahrlos aus.",
  },
];
