import { useCallback, useEffect, useState } from "react";
import { ActivityList } from "../../components/ui/activity_list.tsx";
import { api } from "../../lib/api.ts";
import { isEnabled } from "../../lib/feature_flags.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { AdminLinks } from "./admin_links.tsx";
import { PlannerCard } from "./planner_card.tsx";
import { type SystemCounts, SystemOverview } from "./system_overview.tsx";
import "./dashboard.css";

/**
 * Dashboard (/admin-panel): planner card first, then site administration, the system overview and
 * the recent activity log, each behind its feature flag.
 */
export default function AdminPanel() {
  usePageTitle("Dashboard");
  const [stats, setStats] = useState<SystemCounts | null>(null);
  const showOverview = isEnabled("systemOverview");

  const loadStats = useCallback(() => {
    if (!showOverview) return;
    // A failure is only logged (spec 01 §8); the tiles keep their dashes.
    api.get<SystemCounts>("/admin/stats/").then(setStats).catch((err) =>
      console.error("Statistiken konnten nicht geladen werden", err)
    );
  }, [showOverview]);

  useEffect(loadStats, [loadStats]);

  return (
    <section className="page dashboard">
      <header className="page-header">
        <div>
          <h1>Dashboard</h1>
          <p>KI-gestützte Fahrstundenplanung für die nächsten 30 Tage.</p>
        </div>
      </header>
      <div className="stack">
        <PlannerCard onFinished={loadStats} />
        <AdminLinks />
        {showOverview && <SystemOverview stats={stats} />}
        {isEnabled("activityLog") && (
          <section className="card" aria-labelledby="activity-title">
            <h2 id="activity-title" className="card-title">Letzte Aktivitäten</h2>
            <ActivityList limit={10} />
          </section>
        )}
      </div>
    </section>
  );
}
