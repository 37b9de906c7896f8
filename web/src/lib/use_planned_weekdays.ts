import { useQuery } from "@tanstack/react-query";
import { call } from "./api.ts";
import { queryKeys } from "./query_keys.ts";

/** Monday to Saturday until the server says (the school's default planned weekdays). */
const defaultPlanned = [1, 2, 3, 4, 5, 6];

/**
 * The school's planned weekdays (1 = Monday), which the people forms and the weekly grid show. On
 * a failed load (offline) the default stays; the server keeps days a form does not send.
 */
export function usePlannedWeekdays(): number[] {
  const { data = defaultPlanned } = useQuery({
    queryKey: queryKeys.myPlannedWeekdays,
    queryFn: async ({ signal }) => {
      const answer = await call("GET /my-planned-weekdays/", { signal });
      return answer?.planned_weekdays?.length ? answer.planned_weekdays : defaultPlanned;
    },
  });
  return data;
}
