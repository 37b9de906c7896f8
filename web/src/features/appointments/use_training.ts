import { useQuery } from "@tanstack/react-query";
import type { PlannerSettings } from "../../../../common/contract/planner_settings.ts";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/**
 * The school's Ausbildung settings (length of a Fahrstunde, special drives as Doppelstunden), for
 * the add dialog's length by type; null until loaded. Shares the constraints page's cache entry,
 * so a saved change there is what the dialog uses next. `enabled`: false where no length is
 * chosen by type (a move keeps its lesson's length).
 */
export function useTraining(enabled: boolean): PlannerSettings["training"] | null {
  const { data } = useQuery({
    queryKey: queryKeys.constraints,
    enabled,
    queryFn: ({ signal }) => call("GET /admin/planner-settings/", { signal }),
  });
  return data?.settings.training ?? null;
}
