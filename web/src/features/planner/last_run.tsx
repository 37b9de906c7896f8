import { useQuery } from "@tanstack/react-query";
import { germanDate } from "../../../../common/german_words.ts";
import { schoolClock, schoolDay } from "../../../../common/time.ts";
import { call } from "../../lib/api.ts";
import { UnplannedNeeds } from "./unplanned_needs.tsx";

/** The query key of the last full run's result. */
export const lastRunKey = ["last-planner-run"] as const;

/**
 * The result of the latest planner run while the card shows no run (issue 25): the live result
 * is shown once and then reset on the server, so after a reload the draft's count alone would
 * stand there without a word why not more was planned. Read from the job row as long as that run
 * is the latest; any new run, a re-plan too, replaces it.
 */
export function LastRunResult() {
  const { data } = useQuery({
    queryKey: lastRunKey,
    queryFn: ({ signal }) => call("GET /admin/last-planner-run/", { signal }),
  });
  const run = data?.run;
  if (!run) return null;
  const when = run.finished_at
    ? ` vom ${germanDate(schoolDay(run.finished_at))}, ${schoolClock(run.finished_at)} Uhr`
    : "";
  const lessons = run.appointments_created;
  return (
    <div className="planner-last-run" role="region" aria-label="Letzte Planung">
      <p>
        <strong>Letzte Planung{when}:</strong> {lessons}{" "}
        {lessons === 1 ? "Fahrstunde" : "Fahrstunden"} geplant.
      </p>
      <UnplannedNeeds p={run} />
    </div>
  );
}
