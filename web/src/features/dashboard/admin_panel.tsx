import { useCallback, useEffect, useState } from "react";
import { ActivityList } from "../../components/ui/activity_list.tsx";
import { call } from "../../lib/api.ts";
import { isEnabled } from "../../lib/feature_flags.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { AdminLinks } from "./admin_links.tsx";
import { FairnessCard } from "./fairness_card.tsx";
import { ImportQuestionnaireSection } from "./import_questionnaire_section.tsx";
import { PlannerCard } from "./planner_card.tsx";
import type { DashboardStats } from "../../../../common/contract/dashboard_stats.ts";
import { SystemOverview } from "./system_overview.tsx";
import { WorkloadCard } from "./workload_card.tsx";
import "./dashboard.css";

/**
 * Dashboard (/admin-panel): planner card first, then site administration, the system overview,
 * fairness, instructor workload and the recent activity log, each behind its feature flag. The
 * statistics load on opening and again after every successful planner run.
 */
export default function AdminPanel() {
  usePageTitle("Dashboard");
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const showOverview = isEnabled("systemOverview");
  const showFairness = isEnabled("fairnessStats");
  const showWorkload = isEnabled("instructorWorkload");
  const needsStats = showOverview || showFairness || showWorkload;

  const loadStats = useCallback(() => {
    if (!needsStats) return;
    // A failure is only logged (spec 01 §8); the tiles keep their dashes.
    call("GET /admin/stats/").then(setStats).catch((err) =>
      console.error("Statistiken konnten nicht geladen werden", err)
    );
  }, [needsStats]);

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
        {isEnabled("importQuestionnaireSection") && (
          <ImportQuestionnaireSection onChanged={loadStats} />
        )}
        <AdminLinks />
        {showOverview && <SystemOverview stats={stats} />}
        {showFairness && <FairnessCard stats={stats?.fairness ?? null} />}
        {showWorkload && <WorkloadCard stats={stats?.instructor_workload ?? null} />}
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
