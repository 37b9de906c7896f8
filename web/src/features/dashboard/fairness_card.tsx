import { BarChart } from "./bar_chart.tsx";
import { fairnessTone, formatDecimal, formatPercent, toneClass } from "../../lib/stat_levels.ts";
import { AverageTile, horizonBasis, StatsCard, StatTile } from "./stat_tile.tsx";
import {
  type FairnessStats,
  needShareBuckets,
} from "../../../../common/contract/dashboard_stats.ts";
import "./dashboard_stats.css";

const dash = "–";

/** '21-40%' as a German reads it: '21–40 %'. */
const shareLabel = (bucket: string) => bucket.replace("-", "–").replace("%", " %");

/**
 * The fairness card: how evenly the students' lessons of the next 30 days are spread, with the
 * share of students who have any as a tile coloured by spec 01 §5. `null` (not loaded) shows dashes.
 */
export function FairnessCard({ stats }: { stats: FairnessStats | null }) {
  const s = stats;
  const total = s ? s.students_with_appointments + s.students_without_appointments : 0;
  return (
    <StatsCard
      id="fairness-title"
      tour="fairness"
      title="Fairness"
      description="Wie gleichmäßig die Fahrstunden der nächsten 30 Tage auf die Fahrschüler verteilt sind."
    >
      <div className="stats-tiles">
        <StatTile
          testId="fairness-share"
          label="Fahrschüler mit Terminen"
          counts={`Aktive Fahrschüler mit Fahrstunden · ${horizonBasis}`}
          value={s ? formatPercent(s.students_with_appointments_percent) : dash}
          hint={s ? `${s.students_with_appointments} von ${total}` : undefined}
          tone={s ? toneClass[fairnessTone(s.students_with_appointments_percent)] : undefined}
        />
        <StatTile
          testId="fairness-without"
          label="Fahrschüler ohne Termine"
          counts="Aktive Fahrschüler ohne geplante Fahrstunde · nächste 30 Tage"
          value={s ? String(s.students_without_appointments) : dash}
          hint={s ? formatPercent(s.students_without_appointments_percent) : undefined}
        />
        <AverageTile testId="fairness-average" wide role="student" stats={s} />
        <StatTile
          testId="fairness-score"
          wide
          label="Fairness-Score"
          counts={`Fahrstunden je aktivem Fahrschüler · ${horizonBasis}`}
          value={s ? formatDecimal(s.fairness_score) : dash}
          hint="Standardabweichung der Termine je Fahrschüler – je kleiner, desto gleichmäßiger"
        />
      </div>
      {s && (
        // Shares of each student's need, not lesson counts: with counts, a school whose students
        // all had five lessons or more saw one full column "5+" (issue 25, point 11).
        <BarChart
          testId="fairness-distribution"
          title="Fahrschüler nach verplantem Anteil ihres Bedarfs"
          bars={needShareBuckets.map((b) => ({ label: shareLabel(b), value: s.distribution[b] }))}
          describe={(bar) => `${bar.label} des Bedarfs verplant: ${bar.value} Fahrschüler`}
        />
      )}
      {s && s.students_without_need > 0 && (
        <p className="muted small" data-testid="fairness-without-need">
          {s.students_without_need} Fahrschüler ohne offenen Bedarf sind nicht gezählt.
        </p>
      )}
    </StatsCard>
  );
}
