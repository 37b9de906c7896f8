import type { SystemCounts } from "../../../../common/contract/dashboard_stats.ts";

/**
 * The system overview: four counts of what is stored, each with a line saying what it counts
 * (issue 11): unlike the cards below, these are not limited to the next 30 days.
 */
export function SystemOverview({ stats }: { stats: SystemCounts | null }) {
  const tiles: [string, number | undefined, string][] = [
    ["Fahrschüler", stats?.students, "Aktive Fahrschüler"],
    ["Fahrlehrer", stats?.instructors, "Aktive Fahrlehrer"],
    ["Termine", stats?.appointments, "Alle Termine, vergangene und kommende, ohne stornierte"],
    ["Verfügbarkeiten", stats?.availabilities, "Alle eingetragenen Zeitfenster aller Personen"],
  ];
  return (
    <section className="card" aria-labelledby="overview-title" data-tutorial="overview">
      <h2 id="overview-title" className="card-title">Systemübersicht</h2>
      <div className="grid-4 overview-tiles">
        {tiles.map(([label, value, counts]) => (
          <div key={label} className="stat">
            <span className="stat-value" data-testid={`count-${label}`}>
              {value === undefined ? "–" : value.toLocaleString("de-DE")}
            </span>
            <span className="stat-label">{label}</span>
            <span className="stat-counts">{counts}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
