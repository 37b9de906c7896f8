import { useQuery } from "@tanstack/react-query";
import type {
  ScheduleAvailability,
  ScheduleInstructorDay,
} from "../../../../common/contract/schedule.ts";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/**
 * The instructors' working hours, absences and blocks of one day for the day view. Under the
 * schedule's key, so whatever refreshes the schedule (a lesson moved, a plan published) refreshes
 * these too. A failure leaves the grid without them: the lessons still show, unmarked.
 */
export function useDayAvailability(day: string, enabled: boolean) {
  const loaded = useQuery({
    queryKey: [...queryKeys.schedule, "availability", day],
    queryFn: ({ signal }): Promise<ScheduleAvailability> =>
      call("GET /admin/schedule/availability/", { query: `from=${day}&to=${day}`, signal })
        .catch((err) => {
          console.error("Fehler beim Laden der Arbeitszeiten", err);
          throw err;
        }),
    enabled,
  });
  const data = loaded.data;
  const days = new Map<number, ScheduleInstructorDay>(
    (data?.days ?? []).map((d) => [d.instructor_id, d]),
  );
  return {
    days,
    closed: data?.closed_days ?? [],
    settled: data !== undefined || loaded.isError,
  };
}
