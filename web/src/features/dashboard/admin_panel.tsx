import { useCallback, useEffect, useState } from "react";
import { call } from "../../lib/api.ts";
import { isEnabled } from "../../lib/feature_flags.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { AdminLinks } from "./admin_links.tsx";
import { DataManagementCard } from "./data_management_card.tsx";
import { FairnessCard } from "./fairness_card.tsx";
import { ImportQuestionnaireSection } from "./import_questionnaire_section.tsx";
import { PlannerCard } from "./planner_card.tsx";
import { RecentActivity } from "./recent_activity.tsx";
import { AffectedBanner } from "./affected_banner.tsx";
import { ReplanResultDialog } from "./replan_result_dialog.tsx";
import { usePlanner } from "./use_planner.ts";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import type { ReplanOutcome } from "../../../../common/contract/affected.ts";
import type { DashboardStats } from "../../../../common/contract/dashboard_stats.ts";
import { SystemOverview } from "./system_overview.tsx";
import { WorkloadCard } from "./workload_card.tsx";
import { StartChecklistCard } from "../tutorial/start_checklist.tsx";
import { startAdminTour } from "../tutorial/start_admin_tour.ts";
import "./dashboard.css";

/**
 * Dashboard (/admin-panel): planner card first, then site administration, the system overview,
 * fairness, instructor workload, data management and the recent activity log, each behind its
 * feature flag. The statistics load on opening and again after every successful planner run,
 * import, approval and bulk delete; the activity log after every planner outcome as well.
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

  const [activityVersion, setActivityVersion] = useState(0);
  const reloadActivity = useCallback(() => setActivityVersion((v) => v + 1), []);
  const dataChanged = useCallback(() => {
    loadStats();
    reloadActivity();
  }, [loadStats, reloadActivity]);
  // After every finished run the banner reloads; a re-planning also shows what it moved.
  const [affectedKey, setAffectedKey] = useState(0);
  const [replanOutcome, setReplanOutcome] = useState<ReplanOutcome | null>(null);
  const onPlannerFinished = useCallback((p: PlannerProgress) => {
    dataChanged();
    setAffectedKey((k) => k + 1);
    if (p.replan) setReplanOutcome(p.replan);
  }, [dataChanged]);
  const planner = usePlanner(onPlannerFinished, reloadActivity);

  return (
    <section className="page dashboard">
      <header className="page-header">
        <div>
          <h1>Dashboard</h1>
          <p>KI-gestützte Fahrstundenplanung für die nächsten 30 Tage.</p>
        </div>
        {isEnabled("tutorial") && (
          <button
            type="button"
            className="icon-button dashboard-help"
            aria-label="Tutorial starten"
            title="Tutorial starten"
            data-tutorial="help"
            onClick={startAdminTour}
          >
            ?
          </button>
        )}
      </header>
      <div className="stack">
        <StartChecklistCard reloadKey={activityVersion} />
        <AffectedBanner planner={planner} reloadKey={affectedKey} />
        <PlannerCard planner={planner} />
        {isEnabled("importQuestionnaireSection") && (
          <ImportQuestionnaireSection onChanged={dataChanged} />
        )}
        <AdminLinks />
        {showOverview && <SystemOverview stats={stats} />}
        {showFairness && <FairnessCard stats={stats?.fairness ?? null} />}
        {showWorkload && <WorkloadCard stats={stats?.instructor_workload ?? null} />}
        {isEnabled("dataManagement") && (
          <DataManagementCard
            stats={stats}
            onDeleted={dataChanged}
          />
        )}
        {isEnabled("activityLog") && <RecentActivity version={activityVersion} />}
      </div>
      {replanOutcome && (
        <ReplanResultDialog
          outcome={replanOutcome}
          onClose={() => setReplanOutcome(null)}
        />
      )}
    </section>
  );
}
