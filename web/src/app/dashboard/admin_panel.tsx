import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { call } from "../../lib/api.ts";
import { isEnabled } from "../../lib/feature_flags.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { queryKeys, schoolDataChanged } from "../../lib/query_keys.ts";
import { AdminLinks } from "../../features/dashboard/admin_links.tsx";
import { DataManagementCard } from "../../features/dashboard/data_management_card.tsx";
import { FairnessCard } from "../../features/dashboard/fairness_card.tsx";
import { ImportQuestionnaireSection } from "./import_questionnaire_section.tsx";
import { PlannerCard } from "../../features/planner/planner_card.tsx";
import { EmailStatusCard } from "../../features/notifications/email_status_card.tsx";
import { RecentActivity } from "../../features/dashboard/recent_activity.tsx";
import { AffectedBanner } from "../../features/planner/affected_banner.tsx";
import { ReplanResultDialog } from "../../features/planner/replan_result_dialog.tsx";
import { usePlanner } from "../../features/planner/use_planner.ts";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import type { ReplanOutcome } from "../../../../common/contract/affected.ts";
import { SystemOverview } from "../../features/dashboard/system_overview.tsx";
import { WorkloadCard } from "../../features/dashboard/workload_card.tsx";
import { StartChecklistCard } from "../../features/tutorial/start_checklist.tsx";
import { startAdminTour } from "../../features/tutorial/start_admin_tour.ts";
import { TestDataModal } from "../../features/imports/test_data_modal.tsx";
import "./dashboard.css";

/**
 * Dashboard (/admin-panel): planner card first, then site administration, the system overview,
 * fairness, instructor workload, data management and the recent activity log, each behind its
 * feature flag. The statistics load on opening and again after every successful planner run,
 * import, approval and bulk delete (all loaded data goes stale then); the activity log after
 * every planner outcome as well.
 */
export default function AdminPanel() {
  usePageTitle("Dashboard");
  const showOverview = isEnabled("systemOverview");
  const showFairness = isEnabled("fairnessStats");
  const showWorkload = isEnabled("instructorWorkload");
  const needsStats = showOverview || showFairness || showWorkload;

  // A failure is only logged (spec 01 §8); the tiles keep their dashes.
  const { data: stats = null } = useQuery({
    queryKey: queryKeys.stats,
    queryFn: ({ signal }) =>
      call("GET /admin/stats/", { signal }).catch((err) => {
        console.error("Statistiken konnten nicht geladen werden", err);
        throw err;
      }),
    enabled: needsStats,
  });

  const queryClient = useQueryClient();
  const reloadActivity = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
    [queryClient],
  );
  const dataChanged = useCallback(() => void schoolDataChanged(queryClient), [queryClient]);
  // After every finished run all data reloads; a re-planning also shows what it moved.
  const [replanOutcome, setReplanOutcome] = useState<
    { outcome: ReplanOutcome; jobId: number | null } | null
  >(null);
  const onPlannerFinished = useCallback((p: PlannerProgress) => {
    dataChanged();
    if (p.replan) setReplanOutcome({ outcome: p.replan, jobId: p.job_id });
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
        <StartChecklistCard TestDataModal={TestDataModal} />
        <AffectedBanner planner={planner} />
        <PlannerCard planner={planner} />
        <EmailStatusCard />
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
        {isEnabled("activityLog") && <RecentActivity />}
      </div>
      {replanOutcome && (
        <ReplanResultDialog
          outcome={replanOutcome.outcome}
          jobId={replanOutcome.jobId}
          onAccepted={dataChanged}
          onClose={() => setReplanOutcome(null)}
        />
      )}
    </section>
  );
}
