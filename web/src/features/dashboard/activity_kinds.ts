/** The German name of each kind of activity (an action's first part, "appointment.cancel"). */
const kindLabels: Record<string, string> = {
  absence: "Abwesenheiten",
  account: "Konten",
  appointment: "Termine",
  bulk_delete: "Daten löschen",
  import: "Importe",
  person: "Personen",
  pickup_point: "Treffpunkte",
  planner: "Planung",
  questionnaire: "Fragebögen",
  school: "Schule",
  school_calendar: "Ferien & Feiertage",
  settings: "Einstellungen",
  vehicle: "Fahrzeuge",
};

/** The kind of an action, in German; an unknown kind shows as it is stored. */
export function activityKindLabel(actionOrKind: string): string {
  const kind = actionOrKind.split(".")[0];
  return kindLabels[kind] ?? kind;
}
