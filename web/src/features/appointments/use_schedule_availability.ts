import { useQuery } from "@tanstack/react-query";
import type {
  ScheduleAvailability,
  ScheduleClosedDay,
  ScheduleInstructorDay,
} from "../../../../common/contract/schedule.ts";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/** The loaded days of a range, looked up by instructor and date. */
export interface ScheduleFrame {
  /** an instructor's working hours, absences and blocks of a day; undefined while not loaded */
  dayOf(instructorId: number, date: string): ScheduleInstructorDay | undefined;
  /** the school's closed days that fall on a date */
  closedOn(date: string): ScheduleClosedDay[];
  /** loaded or failed: the day grid may take its opening scroll */
  settled: boolean;
}

/**
 * The instructors' working hours, absences and blocks of the range a view shows (a day or a
 * week). Under the schedule's key, so whatever refreshes the schedule (a lesson moved, a plan
 * published) refreshes these too. A failure leaves the views without them: the lessons still
 * show, unmarked.
 */
export function useScheduleAvailability(from: string, to: string): ScheduleFrame {
  const loaded = useQuery({
    queryKey: [...queryKeys.schedule, "availability", from, to],
    queryFn: ({ signal }): Promise<ScheduleAvailability> =>
      call("GET /admin/schedule/availability/", { query: { from, to }, signal })
        .catch((err) => {
          console.error("Fehler beim Laden der Arbeitszeiten", err);
          throw err;
        }),
  });
  const data = loaded.data;
  const days = new Map<string, ScheduleInstructorDay>(
    (data?.days ?? []).map((d) => [`${d.instructor_id}|${d.date}`, d]),
  );
  const closed = data?.closed_days ?? [];
  return {
    dayOf: (instructorId, date) => days.get(`${instructorId}|${date}`),
    closedOn: (date) => closed.filter((c) => c.date === date),
    settled: data !== undefined || loaded.isError,
  };
}
