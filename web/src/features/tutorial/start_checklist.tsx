import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import type { ChecklistKey, StartChecklist } from "../../../../common/contract/tutorial.ts";
import { startAdminTour } from "./start_admin_tour.ts";
import "./start_checklist.css";

/** Each item's words and where it is done (the import anchors scroll to their importer). */
const itemWords: Record<ChecklistKey, { label: string; hint: string; to: string }> = {
  vehicles: {
    label: "Fahrzeuge anlegen",
    hint: "Ihre Fahrschulwagen mit Schaltart",
    to: "/vehicles",
  },
  instructors: {
    label: "Fahrlehrer importieren",
    hint: "Excel-Vorlage ausfüllen und importieren",
    to: "/admin-panel#import-fahrlehrer",
  },
  students: {
    label: "Fahrschüler importieren oder Fragebogen-Links verschicken",
    hint: "per Excel oder über einen Link, den der Schüler selbst ausfüllt",
    to: "/admin-panel#import-schueler",
  },
  rules: {
    label: "Regeln prüfen",
    hint: "Ruhezeiten, Fahrstunden pro Tag, Wünsche – ansehen und bei Bedarf anpassen",
    to: "/constraints-settings",
  },
  planning: {
    label: "Erste Planung starten",
    hint: "die KI plant die nächsten 30 Tage",
    to: "/admin-panel#planner-title",
  },
};

/**
 * The start checklist of a new school (issue 12): five first steps, each ticked from the
 * school's real data by the server, with the tour and the test data beside it. It goes away
 * once everything is done. It loads again after imports, plannings and deletions. The test
 * data dialog belongs to the imports; the dashboard passes it in.
 */
export function StartChecklistCard(
  { TestDataModal }: { TestDataModal: ComponentType<{ open: boolean; onClose(): void }> },
) {
  const { data: checklist } = useQuery({
    queryKey: queryKeys.startChecklist,
    queryFn: ({ signal }): Promise<StartChecklist> =>
      call("GET /admin/start-checklist/", { signal }),
  });
  const [testDataOpen, setTestDataOpen] = useState(false);

  if (!checklist || checklist.all_done) return null;
  const done = checklist.items.filter((item) => item.done).length;
  return (
    <section className="card start-checklist" aria-labelledby="start-checklist-title">
      <div className="start-checklist-head">
        <div>
          <h2 id="start-checklist-title" className="card-title">Erste Schritte</h2>
          <p className="muted">
            {done} von {checklist.items.length}{" "}
            erledigt. Haken setzen sich von selbst, sobald die Daten da sind.
          </p>
        </div>
        <div className="start-checklist-actions">
          <button type="button" className="button button-primary" onClick={startAdminTour}>
            Tutorial starten
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setTestDataOpen(true)}
          >
            Testdaten laden
          </button>
        </div>
      </div>
      <ol className="start-checklist-items">
        {checklist.items.map(({ key, done }) => (
          <li key={key} className={done ? "is-done" : undefined} data-item={key}>
            <span className="start-checklist-mark" aria-hidden="true">
              {done ? <Icon name="check-circle" /> : null}
            </span>
            <span className="start-checklist-text">
              <Link to={itemWords[key].to}>{itemWords[key].label}</Link>
              <span className="muted">{itemWords[key].hint}</span>
            </span>
            <span className={done ? "badge badge-success" : "badge"}>
              {done ? "Erledigt" : "Offen"}
            </span>
          </li>
        ))}
      </ol>
      <TestDataModal open={testDataOpen} onClose={() => setTestDataOpen(false)} />
    </section>
  );
}
