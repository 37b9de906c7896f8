import type { TutorialStep } from "../../components/ui/tutorial_logic.ts";

/**
 * The admin tour of spec 01 §4: 54 steps through the real screens, in the spec's sections
 * (adminTourSection). The step texts are ours, written for the office of a driving school.
 */

/**
 * Said at the planning step where the school has real people (issue 25.12): the tour's run plans
 * only the test data.
 */
export const testDataOnlyNote =
  "Im Rundgang plant Fahrplan nur die Testdaten: Ihre echten Fahrlehrer und Fahrschüler bekommen keine Fahrstunden, und ihre Termine bleiben unberührt.";

/** The steps, the planning step saying so when the school has real people besides the test data. */
export function adminTourStepsFor(realPeople: boolean): TutorialStep[] {
  if (!realPeople) return adminTourSteps;
  return adminTourSteps.map((step) =>
    step.title === planningStepTitle ? { ...step, text: `${step.text} ${testDataOnlyNote}` } : step
  );
}

const planningStepTitle = "Planung starten";

/** The local completion key of spec 01 §3 ('true' when done); the server keeps it per user. */
export const adminTourStorageKey = "admin-tutorial-completed";

export const adminTourWelcome = {
  title: "Willkommen bei Fahrplan!",
  text:
    "In etwa 15 Minuten zeigen wir Ihnen alles, was Sie für den Start brauchen: Fragebögen für neue Fahrschüler, das Testdaten-Paket, den Excel-Import, die Verwaltung, die KI-Planung und die Termine. Sie arbeiten dabei mit erfundenen Testdaten, die Sie am Ende mit einem Klick wieder entfernen – Ihre echten Daten bleiben unberührt.",
};

const dashboard = "/admin-panel";
/**
 * The dialog that is open (react-aria renders one .modal per dialog). Steps in a dialog point at
 * its footer button, so the tooltip stands beside the button rather than over the whole dialog.
 */
const dialog = ".modal";
/** A step as written below: a skip names the step it leads to by its title. */
type StepDraft = Omit<TutorialStep, "skip"> & {
  skip?: Omit<NonNullable<TutorialStep["skip"]>, "to"> & { toStep: string };
};

const importDone = { kind: "appear", selector: dialog, withText: "Import abgeschlossen" } as const;

/**
 * The tour's sections in the spec's order (spec 01 §4 draws their borders), each with its steps;
 * a section's step numbers follow from the ones before it.
 */
const sections: { name: string; steps: StepDraft[] }[] = [
  {
    name: "Fragebogen-Ablauf",
    steps: [
      {
        route: dashboard,
        title: "Ihr Dashboard",
        text:
          "Das Dashboard ist Ihre Startseite: Hier starten Sie die KI-Planung, importieren Fahrlehrer und Fahrschüler, verschicken Fragebögen und sehen auf einen Blick, wie gut die nächsten 30 Tage verplant sind.",
      },
      {
        route: dashboard,
        target: ".top-nav",
        title: "Die Navigation",
        text:
          "Über die Leiste oben erreichen Sie jederzeit das Dashboard, die Termine und die Verwaltung – am Handy über das Menü rechts oben. Dort sehen Sie auch, mit welchem Konto Sie angemeldet sind, und melden sich nach Feierabend ab.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='data-import']",
        title: "Datenimport und Fragebögen",
        text:
          "In diesem Bereich kommen Ihre Fahrlehrer und Fahrschüler ins System: entweder gesammelt per Excel-Datei oder einzeln über einen Online-Fragebogen, den der Fahrschüler selbst ausfüllt.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaires']",
        title: "Online-Fragebögen",
        text:
          "Neue Fahrschüler müssen nicht mehr am Tresen Formulare ausfüllen. Sie erhalten einen persönlichen Link und tragen Kontaktdaten, freie Zeiten, Schulzeiten und Urlaub selbst ein.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaire-create']",
        title: "Einen Link erstellen",
        text:
          "Probieren Sie es aus: Klicken Sie auf „Fragebogen-Link erstellen“. Für den Test können Sie sich selbst oder einen erfundenen Fahrschüler eintragen.",
        condition: { kind: "click" },
      },
      {
        target: ".modal-footer button",
        withText: "Link erstellen",
        title: "Name und E-Mail eintragen",
        text:
          "Tragen Sie Vorname, Nachname und E-Mail-Adresse ein und klicken Sie auf „Link erstellen“. Der Link ist 30 Tage gültig und gehört genau zu dieser Person.",
        // The link dialog is step 7's screen: the tour goes there at once (the spec's 1500 ms are
        // for an import's result, and meanwhile this step's tooltip has nothing to stand beside).
        condition: { kind: "appear", selector: dialog, withText: "30 Tage gültig", advanceMs: 0 },
      },
      {
        target: "[data-tutorial='questionnaire-link']",
        title: "Link kopieren",
        text:
          "Kopieren Sie den Link mit einem Klick und schicken Sie ihn per E-Mail, SMS oder Messenger an den Fahrschüler. Er braucht dafür kein Konto und kein Passwort.",
      },
      {
        target: ".modal-footer button",
        withText: "Fertig",
        title: "Fenster schließen",
        text:
          "Schließen Sie das Fenster mit „Fertig“. Den Link finden Sie später jederzeit in der Liste wieder.",
        condition: { kind: "closed", selector: dialog, withText: "30 Tage gültig" },
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaire-list']",
        title: "Die Liste der Fragebögen",
        text:
          "Hier sehen Sie jeden verschickten Fragebogen mit seinem Stand: „Offen“, solange der Fahrschüler noch nichts abgeschickt hat, „Eingereicht“, wenn er fertig ist, und „Genehmigt“, sobald Sie ihn übernommen haben.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaire-list']",
        title: "Eintrag ansehen",
        text:
          "Über die Schaltflächen am Ende der Zeile öffnen Sie die Angaben des Fahrschülers oder holen den Link noch einmal, falls er verloren gegangen ist.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaires']",
        title: "Was der Fahrschüler ausfüllt",
        text:
          "Im Fragebogen gibt der Fahrschüler Telefonnummer, Führerscheinklasse, Schaltwagen oder Automatik, seine freien Stunden pro Wochentag, Schul- oder Arbeitszeiten und geplante Urlaubstage an. Das dauert etwa fünf Minuten, auch am Handy.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaires']",
        title: "Prüfen und genehmigen",
        text:
          "Ist ein Fragebogen eingereicht, erscheint „Genehmigen“. Sie können die Angaben vorher korrigieren. Mit der Genehmigung legt Fahrplan das Schülerkonto an und übernimmt die Verfügbarkeiten für die Planung.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaires']",
        title: "Zugangsdaten weitergeben",
        text:
          "Nach der Genehmigung zeigt Fahrplan Benutzername und Passwort des neuen Kontos genau einmal an. Geben Sie sie dem Fahrschüler weiter – damit pflegt er seine freien Zeiten künftig selbst.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='data-import']",
        title: "Fragebogen oder Excel?",
        text:
          "Für einzelne Neuanmeldungen ist der Fragebogen am bequemsten. Wenn Sie viele Fahrschüler auf einmal übernehmen, etwa aus Ihrer bisherigen Software, ist der Excel-Import schneller. Den schauen wir uns jetzt mit Testdaten an.",
      },
    ],
  },
  {
    name: "Testdaten",
    steps: [
      {
        route: dashboard,
        target: "[data-tutorial='test-data']",
        title: "Das Testdaten-Paket",
        text:
          "Damit Sie nichts mit echten Daten ausprobieren müssen, liefert Fahrplan fertige Testdaten mit: erfundene Fahrlehrer und Fahrschüler mit realistischen Arbeitszeiten und freien Stunden.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='test-data-open']",
        title: "Testdaten öffnen",
        text:
          "Klicken Sie auf „Testdaten herunterladen“. Es öffnet sich eine Übersicht des Pakets.",
        condition: { kind: "click" },
      },
      {
        target: ".modal .table-wrap",
        title: "Fünf Datensätze",
        text:
          "Das Paket enthält fünf Datensätze von klein bis sehr groß, je mit einer Fahrlehrer- und einer Fahrschüler-Datei. Für den Einstieg empfehlen wir „Mittel“ mit 10 Fahrlehrern und 50 Fahrschülern.",
      },
      {
        target: ".modal-footer a",
        withText: "ZIP herunterladen",
        title: "ZIP herunterladen",
        text:
          "Laden Sie das ZIP herunter und entpacken Sie es, zum Beispiel in Ihren Download-Ordner. Die Dateien haben genau das Format der Vorlagen.",
      },
      {
        target: ".modal-footer button",
        withText: "Schließen",
        title: "Übersicht schließen",
        text:
          "Schließen Sie die Übersicht. Danach importieren wir die Dateien des Datensatzes „Mittel“.",
        condition: { kind: "closed", selector: dialog, withText: "Das Testdaten-Paket" },
      },
    ],
  },
  {
    name: "Excel-Import",
    steps: [
      {
        route: dashboard,
        target: "[data-tutorial='import-instructors-template']",
        title: "Die Vorlage",
        text:
          "Für Ihre echten Daten beginnen Sie später mit dieser Vorlage: eine Zeile pro Fahrlehrer mit Name, E-Mail, Telefon und Arbeitszeiten. Klicken Sie einmal auf „Vorlage herunterladen“, um sie sich anzusehen.",
        condition: { kind: "click" },
      },
      {
        route: dashboard,
        target: "[data-tutorial='import-instructors-file']",
        title: "Fahrlehrer importieren",
        text:
          "Klicken Sie bei den Fahrlehrern auf „Aus Excel importieren“ und wählen Sie aus dem entpackten Paket die Fahrlehrer-Datei des Datensatzes „Mittel“.",
        condition: { kind: "file" },
      },
      {
        target: ".modal-footer button",
        withText: "Importieren",
        title: "Vorschau prüfen",
        text:
          "Fahrplan liest die Datei zuerst nur und zeigt, wer angelegt wird und ob Zeilen fehlerhaft sind. Noch ist nichts gespeichert. Passt alles, klicken Sie auf „Importieren“.",
        condition: importDone,
        skip: {
          selector: dialog,
          withText: "Es wird niemand neu angelegt",
          toStep: "Jetzt die Fahrschüler",
          hint:
            "Diese Fahrlehrer sind schon angelegt, etwa aus einem früheren Durchgang. Schließen Sie die Vorschau mit „Abbrechen“; Weiter führt zu den Fahrschülern.",
        },
      },
      {
        target: ".modal-footer button",
        withText: "Zugangsdaten anzeigen",
        title: "Import abgeschlossen",
        text:
          "Geschafft: Die Fahrlehrer sind angelegt. Klicken Sie auf „Zugangsdaten anzeigen“, um die Konten zu sehen.",
        condition: { kind: "closed", selector: dialog, withText: "Import abgeschlossen" },
      },
      {
        target: ".modal-footer",
        withText: "Fertig",
        title: "Zugangsdaten",
        text:
          "Jeder Fahrlehrer bekommt ein eigenes Konto. Die Passwörter sehen Sie nur jetzt: Laden Sie sie als PDF herunter (eine Karte pro Person zum Ausdrucken) und schließen Sie dann mit „Fertig“.",
        condition: { kind: "closed", selector: dialog, withText: "nur dieses eine Mal angezeigt" },
      },
    ],
  },
  {
    name: "Verwaltung",
    steps: [
      {
        route: dashboard,
        target: "[data-tutorial='import-students-file']",
        title: "Jetzt die Fahrschüler",
        text:
          "Genauso kommen die Fahrschüler ins System: Klicken Sie bei den Fahrschülern auf „Aus Excel importieren“ und wählen Sie die Fahrschüler-Datei desselben Datensatzes.",
        condition: { kind: "file" },
      },
      {
        target: ".modal-footer button",
        withText: "Importieren",
        title: "Fahrschüler übernehmen",
        text:
          "Prüfen Sie die Vorschau und klicken Sie auf „Importieren“. Bei 50 Fahrschülern dauert das nur einen Augenblick.",
        condition: importDone,
        skip: {
          selector: dialog,
          withText: "Es wird niemand neu angelegt",
          toStep: "Ihre Fahrlehrer",
          hint:
            "Diese Fahrschüler sind schon angelegt, etwa aus einem früheren Durchgang. Schließen Sie die Vorschau mit „Abbrechen“; Weiter führt zur Verwaltung.",
        },
      },
      {
        target: ".modal-footer",
        title: "Fenster schließen",
        text:
          "Schließen Sie das Ergebnis und die Zugangsdaten der Fahrschüler wie eben bei den Fahrlehrern.",
        condition: { kind: "closed", selector: ".modal-overlay" },
      },
      {
        route: "/instructors",
        target: ".page-header",
        title: "Ihre Fahrlehrer",
        text:
          "Unter „Fahrlehrer“ sehen Sie alle Kolleginnen und Kollegen mit Kontaktdaten und Fahrzeugart. Hier legen Sie auch einzelne Fahrlehrer von Hand an.",
      },
      {
        route: "/instructors",
        // The first row's first cell: it exists only once the rows have loaded (the tour waits for
        // it), and it fits a phone's screen, which the whole table (wider and taller) does not.
        target: ".data-table tbody tr:first-child td:first-child",
        title: "Details eines Fahrlehrers",
        text:
          "Ein Klick auf eine Zeile öffnet die Details: Arbeitszeiten, Qualifikationen und Krankmeldungen. Eine Krankmeldung zeigt sofort, welche Fahrstunden betroffen sind, und Fahrplan schlägt eine Neuplanung vor.",
      },
      {
        route: "/students",
        target: ".page-header",
        title: "Ihre Fahrschüler",
        text:
          "Unter „Fahrschüler“ finden Sie alle Schüler mit Führerscheinklasse, Schaltart und Ausbildungsstand. Die Schüler aus der Testdatei stehen schon hier.",
      },
      {
        route: "/students",
        target: ".list-search",
        title: "Schnell finden",
        text:
          "Tippen Sie einen Namen oder eine E-Mail-Adresse in die Suche – auch ohne Umlaute, „Muller“ findet „Müller“.",
      },
      {
        route: "/availabilities-list",
        target: ".page-header",
        title: "Verfügbarkeiten",
        text:
          "Hier sehen Sie gesammelt, wann Fahrlehrer arbeiten und Fahrschüler Zeit haben. Genau diese Zeiten nutzt die KI-Planung. Fahrlehrer und Fahrschüler pflegen sie auch selbst in ihrem Konto.",
      },
      {
        route: "/vehicles",
        target: ".page-header",
        title: "Fahrzeuge",
        text:
          "Tragen Sie Ihre Fahrschulwagen mit Kennzeichen und Schaltart ein. So plant Fahrplan keine zwei Fahrstunden gleichzeitig im selben Auto und Automatik-Schüler nur in Automatik-Wagen.",
      },
      {
        route: "/constraints-settings",
        // The page's heading, not a group of rules: the tooltip then stands below it over the first
        // rule, which is always on and has no slider, and leaves the sliders in sight (issue 25).
        target: "[data-tutorial='constraints'] > .page-header",
        title: "Regeln der Planung",
        text:
          "Harte Regeln hält die Planung immer ein, etwa Ruhezeiten. Weiche Regeln sind Wünsche, etwa eine faire Verteilung. Stellen Sie die Regler nach dem Tutorial auf Ihre Fahrschule ein und speichern Sie einmal.",
      },
      {
        route: "/ferien-feiertage",
        target: "[data-tutorial='school-state']",
        title: "Ferien und Feiertage",
        text:
          "Wählen Sie Ihr Bundesland: An gesetzlichen Feiertagen plant Fahrplan keine Fahrstunden. In den Schulferien haben Schüler oft mehr Zeit – tragen Sie die Ferien hier ein.",
      },
    ],
  },
  {
    name: "KI-Planung",
    steps: [
      {
        route: dashboard,
        target: "[data-tutorial='planner']",
        title: "Die KI-Planung",
        text:
          "Jetzt kommt der spannende Teil: Die KI verteilt die Fahrstunden der nächsten 30 Tage so, dass sie zu den Arbeitszeiten der Fahrlehrer, den freien Stunden der Schüler und Ihren Regeln passen. Bestehende Termine bleiben erhalten.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='planner-start']",
        title: planningStepTitle,
        text: "Klicken Sie auf „KI-Planung starten“.",
        condition: { kind: "click" },
      },
      {
        route: dashboard,
        target: "[data-tutorial='planner-progress']",
        title: "Die KI rechnet",
        text:
          "Der Balken zeigt den Fortschritt. Bei den Testdaten dauert das meist weniger als eine Minute; Sie können solange zusehen oder in Ruhe weiterlesen.",
        condition: {
          kind: "appear",
          selector: "[data-tutorial='planner-progress'][data-tutorial-phase='success']",
        },
      },
      {
        route: dashboard,
        target: "[data-tutorial='planner-progress']",
        title: "Das Ergebnis",
        text:
          "Hier sehen Sie, wie viele Fahrstunden angelegt wurden und wie viele Schüler versorgt sind. Wer leer ausging, steht mit dem Grund darunter – meist passen die freien Zeiten nicht zusammen.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='fairness']",
        title: "Fair verteilt?",
        text:
          "Die Fairness zeigt, wie gleichmäßig die Fahrstunden auf die Schüler verteilt sind; darunter sehen Sie die Auslastung jedes Fahrlehrers. Beides aktualisiert sich nach jeder Planung.",
      },
    ],
  },
  {
    name: "Termine",
    steps: [
      {
        route: "/appointments",
        target: ".page-header",
        title: "Alle Termine",
        text:
          "Unter „Termine“ stehen alle geplanten Fahrstunden der Reihe nach, mit Schüler, Fahrlehrer, Art, Fahrzeug und Status.",
      },
      {
        route: "/appointments",
        target: ".toolbar",
        title: "Suchen und eingrenzen",
        text:
          "Suchen Sie nach einem Namen oder grenzen Sie den Zeitraum ein, etwa auf die kommende Woche. Ein Klick auf eine Spaltenüberschrift sortiert die Liste.",
      },
      {
        route: "/appointments",
        target: ".data-table",
        title: "Termin ändern",
        text:
          "Ein Klick auf einen Termin öffnet ihn: Dort verschieben Sie ihn, tauschen den Fahrlehrer oder sagen ihn ab. Fahrplan warnt, wenn sich dabei etwas überschneidet.",
      },
      {
        route: "/appointments",
        target: ".page-header-actions",
        title: "Hinzufügen und exportieren",
        text:
          "Über dieses Menü legen Sie einen Termin von Hand an, etwa eine Prüfungsfahrt, oder exportieren die Liste als Excel, als Wochenplan-PDF zum Aushängen oder als Kalender fürs Handy.",
      },
      {
        route: "/appointments",
        target: ".page-header",
        title: "Termine der Fahrlehrer und Schüler",
        text:
          "Fahrlehrer und Fahrschüler sehen ihre eigenen Termine in ihrem Konto. Änderungen, die Sie hier machen, sind dort sofort sichtbar.",
      },
    ],
  },
  {
    name: "Aufräumen",
    steps: [
      {
        route: dashboard,
        target: "[data-tutorial='overview']",
        title: "Systemübersicht",
        text:
          "Die Übersicht zählt Fahrschüler, Fahrlehrer, Termine und Verfügbarkeiten. Im Moment stecken darin die Testdaten – die räumen wir jetzt auf.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='data-management']",
        title: "Datenverwaltung",
        text:
          "Hier löschen Sie Termine, Fahrschüler oder Fahrlehrer gesammelt – „Fahrschüler löschen“ und „Fahrlehrer löschen“ löschen alle, auch Ihre echten. Zur Sicherheit müssen Sie jedes Löschen mit „Ja, unwiderruflich löschen“ bestätigen.",
      },
      {
        route: dashboard,
        // Only the package's people (the server knows them by their e-mail addresses), never the
        // whole school: the tour runs on the school's live data (issue 25).
        target: "[data-tutorial='test-data-removal']",
        title: "Testdaten entfernen",
        text:
          "Wenn Sie mit dem Ausprobieren fertig sind, klicken Sie auf „Testdaten entfernen“: Fahrplan löscht genau die Fahrlehrer und Fahrschüler aus dem Testdaten-Paket mit ihren Terminen. Ihre echten Fahrlehrer und Fahrschüler bleiben erhalten.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='activity']",
        title: "Letzte Aktivitäten",
        text:
          "Jede Änderung – Import, Planung, Löschen, verschobene Termine – steht mit Uhrzeit in diesem Protokoll. So sehen Sie auch, was Kolleginnen und Kollegen im Büro geändert haben.",
      },
    ],
  },
  {
    name: "Echte Daten",
    steps: [
      {
        route: dashboard,
        title: "Jetzt mit echten Daten",
        text:
          "Sie kennen nun den ganzen Ablauf. Für den echten Betrieb gehen Sie genauso vor: Fahrzeuge eintragen, Fahrlehrer importieren, Fahrschüler importieren oder Fragebögen verschicken, Regeln prüfen und die erste Planung starten.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='import-instructors']",
        title: "Vorlagen ausfüllen",
        text:
          "Laden Sie die Vorlagen herunter und übertragen Sie Ihre Fahrlehrer und Fahrschüler aus Ihrer bisherigen Liste. Fehlerhafte Zeilen zeigt die Vorschau mit Zeile und Spalte an, nichts wird halb importiert.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='questionnaires']",
        title: "Neue Anmeldungen",
        text:
          "Neuanmeldungen schicken Sie ab sofort einfach einen Fragebogen-Link. So müssen Sie keine Zeiten mehr abtippen.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='admin-links']",
        title: "Alles Weitere",
        text:
          "Über die Verwaltung erreichen Sie Fahrschüler, Fahrlehrer, Verfügbarkeiten, Termine, Fahrzeuge, Regeln sowie Ferien und Feiertage.",
      },
      {
        route: dashboard,
        target: "[data-tutorial='help']",
        title: "Hilfe jederzeit",
        text:
          "Mit dem ?-Button starten Sie dieses Tutorial jederzeit neu. Viel Erfolg mit Fahrplan und gute Fahrt!",
      },
    ],
  },
];

/** The steps, one after another; a skip leads to the step of its title. */
export const adminTourSteps: TutorialStep[] = sections.flatMap((section) => section.steps).map(
  (step, _, all) => {
    if (!step.skip) return step as TutorialStep;
    const { toStep, ...skip } = step.skip;
    const to = all.findIndex((other) => other.title === toStep);
    if (to < 0) throw new Error(`Rundgang: kein Schritt „${toStep}“`);
    return { ...step, skip: { ...skip, to } };
  },
);

/** The section of a step by its index (0-based); past the last step, "Abschluss". */
export function adminTourSection(index: number): string {
  let end = 0;
  for (const section of sections) {
    end += section.steps.length;
    if (index < end) return section.name;
  }
  return "Abschluss";
}
