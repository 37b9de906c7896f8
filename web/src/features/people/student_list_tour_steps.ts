import type { TutorialStep } from "../../components/ui/tutorial.tsx";

/** The spec's local key for the student-list tour, kept in step with the server's flag. */
export const studentListTourStorageKey = "student-list-tutorial-completed";

const search: TutorialStep = {
  target: ".list-search",
  title: "Schüler schnell finden",
  text:
    "Suchen Sie nach Name, Benutzername oder E-Mail-Adresse. Die Liste zeigt sofort nur die passenden Fahrschüler – auch ohne Umlaute: „Muller“ findet „Müller“.",
};

const sort: TutorialStep = {
  target: ".data-table .table-sort",
  title: "Sortieren",
  text:
    "Ein Klick auf eine Spaltenüberschrift wie „Name“ oder „Status“ sortiert die Liste danach, ein zweiter Klick dreht die Reihenfolge um.",
};

const row: TutorialStep = {
  target: ".data-table tbody tr",
  title: "Details öffnen",
  text:
    "Ein Klick auf eine Zeile öffnet die Details des Schülers: persönliche Daten, Wochenplan und Urlaube. Dort können Sie alles bearbeiten; Stift und Papierkorb am Zeilenende bearbeiten oder löschen direkt.",
};

const empty: TutorialStep = {
  target: ".data-table .empty-state",
  title: "Noch keine Fahrschüler",
  text:
    "Hier stehen später alle Fahrschüler mit Klasse, Fortschritt, nächstem Termin und offenen Stunden. Ein Klick auf eine Zeile öffnet dann die Details des Schülers.",
};

const exportImport: TutorialStep = {
  target: ".people-export",
  title: "Export & Import",
  text:
    "Hier laden Sie die Liste als Excel-Datei (fahrschueler.xlsx) herunter. „Aus Excel importieren“ führt zum Import im Dashboard, mit dem Sie viele Schüler auf einmal anlegen.",
};

const add: TutorialStep = {
  target: '[data-tutorial="student-add"]',
  title: "Fahrschüler hinzufügen",
  text:
    "Legen Sie einen neuen Fahrschüler von Hand an. Danach erhalten Sie seine Zugangsdaten, mit denen er seine Verfügbarkeit selbst einträgt.",
};

/**
 * The steps point only at what the list shows: with students at a row and the sort buttons,
 * with none at the empty list instead (spec 02 §2: a guided tutorial exists for this page).
 */
export function studentListTourSteps(hasRows: boolean): TutorialStep[] {
  return hasRows ? [search, sort, row, exportImport, add] : [search, empty, exportImport, add];
}
