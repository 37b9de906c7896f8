import type { ReactNode } from "react";

/**
 * A figure with its label and an optional hint; `tone` colours it (success/warning/error), `wide`
 * lets it take a whole row on a phone (for a long hint).
 */
export function StatTile(
  { label, value, hint, tone, wide, testId }: {
    label: string;
    value: ReactNode;
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
      {hint && <span className="stat-tile-hint">{hint}</span>}
    </div>
  );
}
