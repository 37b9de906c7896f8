import type { ReactNode } from "react";
import { de } from "../../i18n/de.ts";
import { BarChart } from "./bar_chart.tsx";
import {
  formatPercent,
  toneClass,
  utilizationHint,
  utilizationLabel,
  utilizationLevel,
} from "../../lib/stat_levels.ts";
import { AverageTile, horizonBasis, StatsCard, StatTile } from "./stat_tile.tsx";
import type { TopInstructor, WorkloadStats } from "../../../../common/contract/dashboard_stats.ts";
import "./dashboard_stats.css";

const countBuckets = ["0", "1-10", "11-20", "21-30", "31-40", "41+"] as const;
const utilizationBuckets = ["0%", "1-20%", "21-40%", "41-60%", "61-80%", "81-100%"] as const;
const dash = "–";

function fullName(i: TopInstructor): string {
  return `${i.first_name} ${i.last_name}`.trim() || i.username;
}

/** The level badge: colour and word, so the colour is never the only signal. */
function LevelBadge({ percent }: { percent: number }) {
  const level = utilizationLevel(percent);
  return <span className={`badge badge-${toneClass[level]}`}>{utilizationLabel[level]}</span>;
}

/** A top-five list of instructors: name, a line under it, and the figure on the right. */
function TopList<Row extends TopInstructor>(
  { rows, sub, figure }: {
    rows: Row[];
    sub(row: Row): string;
    figure(row: Row): ReactNode;
  },
) {
  if (rows.length === 0) {
    return <p className="muted small">In den nächsten 30 Tagen sind keine Fahrstunden geplant.</p>;
  }
  return (
    <ol className="utilization-list">
      {rows.map((row) => (
        <li key={row.username} className="utilization-row">
          <div className="utilization-who">
            <span className="utilization-name">{fullName(row)}</span>
            <span className="muted small">{sub(row)}</span>
          </div>
          {figure(row)}
        </li>
      ))}
    </ol>
  );
}

/** Utilization of one instructor: a bar, the percentage and the level. */
function UtilizationFigure({ percent }: { percent: number }) {
  const tone = toneClass[utilizationLevel(percent)];
  return (
    <div className="utilization-figure">
      <span className="utilization-meter" aria-hidden="true">
        <span
          className={`utilization-meter-fill utilization-${tone}`}
          style={{ width: `${Math.min(100, percent)}%` }}
        />
      </span>
      <strong className="utilization-percent">{formatPercent(percent)}</strong>
      <LevelBadge percent={percent} />
    </div>
  );
}

/**
 * The workload card: lessons per instructor in the next 30 days, utilization of their working
 * hours with the good/moderate/low rule of spec 01 §5, and the top five. `null` shows dashes.
 */
export function WorkloadCard({ stats }: { stats: WorkloadStats | null }) {
  const s = stats;
  const total = s ? s.instructors_with_appointments + s.instructors_without_appointments : 0;
  return (
    <StatsCard
      id="workload-title"
      title="Auslastung der Fahrlehrer"
      description={`Auslastung = ${utilizationHint} (Arbeitszeiten ohne Pausen, Urlaub und ganztägige Abwesenheiten); die Fahrlehrerliste zeigt dieselbe Zahl.`}
    >
      <div className="stats-tiles">
        <StatTile
          testId="workload-utilization"
          label="Ø Auslastung"
          counts={`Mittel der aktiven Fahrlehrer · ${horizonBasis}`}
          value={s ? formatPercent(s.avg_utilization_percent) : dash}
          hint={s
            ? `${
              utilizationLabel[utilizationLevel(s.avg_utilization_percent)]
            } (gut über 60 %, mittel über 30 %)`
            : undefined}
          tone={s ? toneClass[utilizationLevel(s.avg_utilization_percent)] : undefined}
        />
        <StatTile
          testId="workload-with"
          label="Fahrlehrer mit Terminen"
          counts={`Aktive Fahrlehrer mit Fahrstunden · ${horizonBasis}`}
          value={s ? `${s.instructors_with_appointments} von ${total}` : dash}
          hint={s
            ? `${
              formatPercent(s.instructors_with_appointments_percent)
            } · ohne Termine: ${s.instructors_without_appointments}`
            : undefined}
        />
        <AverageTile testId="workload-average" role="instructor" stats={s} />
        <StatTile
          testId="workload-range"
          label="Termine je Fahrlehrer"
          counts={`Fahrstunden je aktivem Fahrlehrer · ${horizonBasis}`}
          value={s ? `${s.min_appointments} – ${s.max_appointments}` : dash}
          hint="Minimum – Maximum"
        />
      </div>
      {s && (
        <>
          <div className="stats-charts">
            <BarChart
              testId="workload-distribution"
              title="Fahrlehrer nach Anzahl der Termine"
              bars={countBuckets.map((b) => ({ label: b, value: s.distribution[b] }))}
              describe={(bar) => `${bar.label} Termine: ${bar.value} Fahrlehrer`}
            />
            <BarChart
              testId="workload-utilization-distribution"
              title="Fahrlehrer nach Auslastung"
              bars={utilizationBuckets.map((b) => ({
                label: b,
                value: s.utilization_distribution[b],
              }))}
              describe={(bar) => `Auslastung ${bar.label}: ${bar.value} Fahrlehrer`}
            />
          </div>
          <div className="stats-lists">
            <div data-testid="workload-top-utilization">
              <h3 className="stats-subtitle">Höchste Auslastung</h3>
              <TopList
                rows={s.top_instructors_by_utilization}
                sub={(row) => de.appointmentCount(row.appointments_count)}
                figure={(row) => <UtilizationFigure percent={row.utilization_percent} />}
              />
            </div>
            <div data-testid="workload-top-lessons">
              <h3 className="stats-subtitle">Meiste Termine</h3>
              <TopList
                rows={s.top_instructors}
                sub={(row) => row.username}
                figure={(row) => (
                  <strong className="utilization-percent">
                    {de.appointmentCount(row.appointments_count)}
                  </strong>
                )}
              />
            </div>
          </div>
        </>
      )}
    </StatsCard>
  );
}
