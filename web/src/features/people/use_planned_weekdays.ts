import { useQuery } from "@tanstack/react-query";
import { apiExchange } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/** Monday to Saturday until the server says (the school's default planned weekdays). */
const defaultPlanned = [1, 2, 3, 4, 5, 6];

/**
 * The school's planned weekdays (1 = Monday), which the people forms show. On a failed load the
 * default stays; the server keeps days a form does not send.
 */
export function usePlannedWeekdays(): number[] {
  const { data = defaultPlanned } = useQuery({
    queryKey: queryKeys.myPlannedWeekdays,
    queryFn: async ({ signal }) => {
      const answer = await apiExchange<{ planned_weekdays: number[] }>(
        "GET",
        "/my-planned-weekdays/",
        undefined,
        { signal },
      );
      return answer.data?.planned_weekdays?.length ? answer.data.planned_weekdays : defaultPlanned;
    },
  });
  return data;
}
