import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/**
 * Tells the server once per visit that the rules are on screen: "Regeln prüfen" of the start
 * checklist is then done (issue 25), also after the admin tour, which shows the rules but asks no
 * save. A failed call only leaves the item open, so it is not reported.
 */
export function useRulesReviewed(shown: boolean): void {
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (!shown || sent.current) return;
    sent.current = true;
    call("POST /admin/rules-reviewed/")
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.startChecklist }))
      .catch(() => {});
  }, [shown, queryClient]);
}
