/**
 * The admin guide as a Word document (spec 01 §7: /admin/download/tutorial/): the steps of the
 * admin tutorial (spec 01 §4, its sections in the same order) as headed sections to print or share.
 */
import { Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from "docx";
import { recommendedTestDataSet, testDataSizesText } from "../../common/test_data_sets.ts";

export const tutorialFileName = "fahrplan-anleitung.docx";
export const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

interface Section {
  title: string;
  intro: string;
  steps: string[];
}

/** The sections in the order of the admin tutorial. */
export const guideSections: Section[] = [
  {
    title: "1. Fragebogen für neue Fahrschüler",
    intro:
      "Neue Fahrschüler tragen ihre Daten selbst ein, ohne Konto, über einen persönlichen Link.",
    steps: [
      "Im Dashboard im Bereich „Datenimport und Fragebogen“ auf „Fragebogen-Link erstellen“ klicken.",
      "Vorname, Nachname und E-Mail-Adresse eingeben; der Link erscheint mit einem Kopieren-Knopf.",
      "Den Link per E-Mail oder Messenger schicken. Er gilt 30 Tage und kann einmal abgesendet werden.",
      "Der Schüler füllt auf dem Handy Schulzeiten, Ankunftszeit, Freistunden und Urlaub aus; " +
      "Standard sind Schule 08:00 bis 13:30 und Ankunft 14:00.",
      "Ausgefüllte Fragebögen stehen in der Liste mit dem Status „Eingereicht“. Die Details zeigen " +
      "jede Antwort; Sie können sie vor der Genehmigung korrigieren, etwa die Führerscheinklasse.",
      "„Genehmigen“ legt den Fahrschüler an und zeigt Benutzername und Passwort einmalig an.",
    ],
  },
  {
    title: "2. Testdaten ausprobieren",
    intro: "Zum Kennenlernen gibt es ein Testdaten-Paket mit 12 Excel-Dateien.",
    steps: [
      "Im Dashboard das Testdaten-Paket herunterladen (ZIP-Datei) und entpacken.",
      `Es enthält die 2 Vorlagen und 10 Testdateien für 5 Datensätze (${testDataSizesText()}), ` +
      "je eine Fahrlehrer- und eine Fahrschüler-Datei.",
      `Empfohlen für den Einstieg ist „${recommendedTestDataSet}“ (10 Fahrlehrer, 50 Fahrschüler).`,
    ],
  },
  {
    title: "3. Excel-Import",
    intro: "Fahrlehrer und Fahrschüler lassen sich aus Excel-Dateien (.xlsx) oder CSV übernehmen.",
    steps: [
      "„Fahrlehrer-Vorlage“ bzw. „Schüler-Vorlage“ herunterladen. Das Blatt „Anleitung“ erklärt " +
      "jede Spalte mit Beispielen.",
      "Eine Zeile pro Person ausfüllen. Uhrzeiten wie „08:00“, „8 Uhr“ oder „8.00“, Daten wie " +
      "„01.07.2027“. Alte .xls-Dateien bitte in Excel als .xlsx speichern.",
      "Datei auswählen: Die Vorschau zeigt, wie viele Personen angelegt und wie viele " +
      "übersprungen werden (E-Mail bereits vorhanden), die ersten Zeilen so, wie sie verstanden " +
      "wurden, und jeden Fehler mit Zeile und Spalte.",
      "„Importieren“ legt alle an – oder bei einem Fehler niemanden. Die Zugangsdaten erscheinen " +
      "einmalig; „Zugangsdaten herunterladen“ liefert sie als PDF mit einer Karte pro Person.",
    ],
  },
  {
    title: "4. Verwaltung",
    intro: "Fahrlehrer, Fahrschüler, Verfügbarkeiten und Fahrzeuge pflegen Sie in der Verwaltung.",
    steps: [
      "Fahrlehrer: Arbeitszeiten, Pausen, Urlaub, Theoriestunden und feste Sperrzeiten.",
      "Fahrschüler: Führerscheinklasse, Startort, Schulzeiten, Ankunftszeiten, Freistunden, Urlaub.",
      "Verfügbarkeiten: alle Zeiten aller Personen auf einen Blick, als CSV exportierbar.",
      "Fahrzeuge: Kennzeichen hinzufügen.",
    ],
  },
  {
    title: "5. KI-Planung",
    intro: "Die Planung verteilt Fahrstunden auf 30 Tage – fair und ohne Doppelbuchungen.",
    steps: [
      "Im Dashboard „Planung starten“ klicken. Der Fortschritt wird laufend angezeigt.",
      "Nach dem Ende zeigt die Karte die Zahl der Termine und die Abdeckung der Schüler.",
      "Eine laufende Planung kann abgebrochen werden.",
    ],
  },
  {
    title: "6. Termine",
    intro: "Die Terminliste zeigt alle geplanten Fahrstunden.",
    steps: [
      "Unter „Termine“ suchen, sortieren und blättern.",
      "Export als Excel, als PDF (Wochenplan je Fahrlehrer) oder als Kalenderdatei (.ics).",
    ],
  },
  {
    title: "7. Aufräumen",
    intro: "Testdaten lassen sich vollständig entfernen, bevor echte Daten kommen.",
    steps: [
      "Im Bereich „Datenverwaltung“ Termine, Schüler oder Fahrlehrer löschen.",
      "Zur Sicherheit muss „Ja, unwiderruflich löschen“ eingetippt werden.",
    ],
  },
  {
    title: "8. Echte Daten",
    intro: "Jetzt kommen die echten Fahrlehrer und Fahrschüler Ihrer Fahrschule.",
    steps: [
      "Die Vorlagen mit echten Daten füllen und importieren, oder Fragebogen-Links verschicken.",
      "Die Zugangsdaten ausdrucken und übergeben; Passwörter werden nur einmal angezeigt.",
      "Fahrlehrer und Schüler pflegen danach ihre Verfügbarkeit und ihren Urlaub selbst.",
    ],
  },
  {
    title: "9. Fertig",
    intro: "Das Tutorial können Sie jederzeit über den ?-Knopf im Dashboard erneut starten.",
    steps: [],
  },
];

/** The guide as .docx bytes. */
export async function tutorialDocx(): Promise<Uint8Array> {
  const children: Paragraph[] = [
    new Paragraph({
      text: "Fahrplan – Anleitung für Administratoren",
      heading: HeadingLevel.TITLE,
    }),
    new Paragraph({
      children: [
        new TextRun(
          "Diese Anleitung führt Schritt für Schritt vom ersten Import bis zur fertigen Planung.",
        ),
      ],
    }),
  ];
  for (const [index, section] of guideSections.entries()) {
    children.push(new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_1 }));
    children.push(new Paragraph({ text: section.intro }));
    for (const step of section.steps) {
      // One numbering instance per section: each list starts again at 1.
      children.push(
        new Paragraph({ text: step, numbering: { reference: "steps", level: 0, instance: index } }),
      );
    }
  }
  const document = new Document({
    creator: "Fahrplan",
    title: "Fahrplan – Anleitung für Administratoren",
    numbering: {
      config: [{
        reference: "steps",
        levels: [{ level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: "left" }],
      }],
    },
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
