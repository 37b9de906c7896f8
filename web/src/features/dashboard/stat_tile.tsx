import type { ReactNode } from "react";
import { de } from "../../i18n/de.ts";
import { formatDecimal } from "../../lib/stat_levels.ts";

/** The basis the cards' figures share (issue 11): the planning horizon, cancelled ones left out. */
export const horizonBasis = "nächste 30 Tage, ohne stornierte";

/**
 * A figure with its label, a short German line saying what it counts (required: every tile says
 * its basis, issue 11) and an optional hint; `tone` colours it (success/warning/error), `wide`
 * lets it take a whole row on a phone (for a long hint).
 */
export function StatTile(
  { label, value, counts, hint, tone, wide, testId }: {
    label: string;
    value: ReactNode;
    counts: string;
    hint?: ReactNode;
    tone?: "success" | "warning" | "error";
    wide?: boolean;
    testId?: string;
  },
) {
  const classes = ["stat-tile", tone && `stat-tile-${tone}`, wide && "stat-tile-wide"];
  return (
    <div className={classes.filter(Boolean).join(" ")} data-testid={testId}>
      <span className="stat-tile-value">{value}</span>
      <span className="stat-tile-label">{label}</span>
      <span className="stat-tile-counts">{counts}</span>
      {hint && <span className="stat-tile-hint">{hint}</span>}
    </div>
  );
}

/** A dashboard statistics card: its title, what its figures mean, then the figures. */
export function StatsCard(
  { id, title, description, children, tour }: {
    id: string;
    /** the admin tour's handle (data-tutorial) */
    tour?: string;
    title: string;
    description: ReactNode;
    children: ReactNode;
  },
) {
  return (
    <section className="card stats-card" aria-labelledby={id} data-tutorial={tour}>
      <div className="stats-card-head">
        <h2 id={id} className="card-title">{title}</h2>
        <p className="muted small">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** 'Ø Termine je Fahrschüler' (or Fahrlehrer), with the average over those who have any as hint. */
export function AverageTile(
  { role, stats, testId, wide }: {
    role: "instructor" | "student";
    stats: { avg_appointments_total: number; avg_appointments_with_appointments: number } | null;
    testId: string;
    wide?: boolean;
  },
) {
  return (
    <StatTile
      testId={testId}
      wide={wide}
      label={`Ø Termine je ${de.roles[role]}`}
      counts={`Fahrstunden je aktivem ${de.roles[role]} · ${horizonBasis}`}
      value={stats ? formatDecimal(stats.avg_appointments_total) : "–"}
      hint={stats
        ? `Ø ${formatDecimal(stats.avg_appointments_with_appointments)} bei ${
          de.rolesDativePlural[role]
        } mit Terminen`
        : undefined}
    />
  );
}
