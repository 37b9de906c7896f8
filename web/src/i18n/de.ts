/**
 * The German words several screens share, each written once and exactly as the spec writes it
 * (spec 01, spec 02). A text only one screen shows stays in that screen.
 */
export const de = {
  /** Fahrlehrer and Fahrschüler: singular and plural are the same word. */
  roles: {
    instructor: "Fahrlehrer",
    student: "Fahrschüler",
  },
  /** 'bei Fahrlehrern mit Terminen' */
  rolesDativePlural: {
    instructor: "Fahrlehrern",
    student: "Fahrschülern",
  },
  /** Termin (appointment) in the plural, as headings and columns name it. */
  appointments: "Termine",
  /** A number of appointments: '1 Termin', '12 Termine', '5+ Termine'. */
  appointmentCount: (count: number | string) =>
    String(count) === "1"
      ? "1 Termin"
      : `${typeof count === "number" ? count.toLocaleString("de-DE") : count} Termine`,
  actions: {
    cancel: "Abbrechen",
    close: "Schließen",
    edit: "Bearbeiten",
    save: "Speichern",
    delete: "Löschen",
    saveChanges: "Änderungen speichern",
    saving: "Wird gespeichert...",
    creating: "Wird erstellt...",
    exportImport: "Export / Import",
    exporting: "Export läuft...",
    importing: "Import läuft...",
    exportExcel: "Als Excel exportieren",
    exportCsv: "Als CSV exportieren",
    exportFailed: "Export fehlgeschlagen. Bitte versuchen Sie es erneut.",
  },
  list: {
    loading: "Wird geladen...",
    loadFailed: "Fehler beim Laden der Daten",
    searchPlaceholder: "Suchen...",
    /** the search field's label, e.g. 'Termine suchen' */
    search: (things: string) => `${things} suchen`,
    /** the empty list, e.g. 'Keine Termine gefunden' */
    empty: (things: string) => `Keine ${things} gefunden`,
    nothingToExport: (things: string) => `Keine ${things} zum Exportieren vorhanden`,
    status: "Status",
    active: "Aktiv",
    inactive: "Inaktiv",
    rowActions: "Aktionen",
  },
  pagination: {
    label: "Seiten",
    first: "Erste Seite",
    last: "Letzte Seite",
    previous: "Vorherige Seite",
    next: "Nächste Seite",
    page: (page: number) => `Seite ${page}`,
    pageOf: (page: number, total: number) => `Seite ${page} von ${total}`,
  },
} as const;
