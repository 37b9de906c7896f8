import type { SystemCounts } from "../../../../common/contract/dashboard_stats.ts";

/** The system overview: four counts. */
export function SystemOverview({ stats }: { stats: SystemCounts | null }) {
  const tiles: [string, number | undefined][] = [
    ["Fahrschüler", stats?.students],
    ["Fahrlehrer", stats?.instructors],
    ["Termine", stats?.appointments],
    ["Verfügbarkeiten", stats?.availabilities],
  ];
  return (
    <section className="card" aria-labelledby="overview-title">
      <h2 id="overview-title" className="card-title">Systemübersicht</h2>
      <div className="grid-4 overview-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="stat">
            <span className="stat-value" data-testid={`count-${label}`}>
              {value === undefined ? "–" : value.toLocaleString("de-DE")}
            </span>
            <span className="stat-label">{label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
