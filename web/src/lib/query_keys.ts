import type { QueryClient } from "@tanstack/react-query";

/**
 * The query key of each server resource. A key's first part names the resource, so a save
 * invalidates everything of that resource with `queryClient.invalidateQueries({ queryKey: k })`.
 * Kept in one place because a save in one feature changes what another feature shows (an import
 * changes the dashboard's numbers, a planner run the schedule).
 */
export const queryKeys = {
  stats: ["stats"],
  activity: ["activity"],
  startChecklist: ["start-checklist"],
  affectedAppointments: ["affected-appointments"],
  appointments: ["appointments"],
  schedule: ["schedule"],
  people: ["people"],
  /** how many test-data people and real people the school has (the admin tour) */
  testDataCounts: ["people", "test-data-counts"],
  vehicles: ["vehicles"],
  /** the school's Treffpunkte (issue 22) */
  pickupPoints: ["pickup-points"],
  constraints: ["constraints"],
  schoolCalendar: ["school-calendar"],
  /** the weekdays the school plans on, as every signed-in user reads them */
  myPlannedWeekdays: ["school-calendar", "my-planned-weekdays"],
  questionnaires: ["questionnaires"],
  availabilities: ["availabilities"],
  absences: ["absences"],
  /** the signed-in user's own weekly grid and absences, with their ETag versions */
  myAvailability: ["my-availability"],
  mySpecialDates: ["my-special-dates"],
  /** who is signed in (null: nobody) */
  currentUser: ["current-user"],
  /** the planner's state as the planner card opens */
  plannerProgress: ["planner-progress"],
  /** a public questionnaire link: ["public-questionnaire", token] */
  publicQuestionnaire: ["public-questionnaire"],
  /** which tours the signed-in user has finished */
  tutorials: ["my-tutorials"],
} as const;

/** Whether a query key is the session's (who is signed in), which only sign-in and -out change. */
export function isSessionQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === queryKeys.currentUser[0];
}

/** The query key of every page of the server list at `path`; invalidating it reloads the list. */
export function listKey(path: string): readonly unknown[] {
  return ["list", path];
}

/**
 * After a lesson was added, moved, cancelled or deleted: the lists, the schedule, the calendars
 * and the dashboard's counts show it.
 */
export function appointmentsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.appointments,
      listKey("/admin/appointments/"),
      queryKeys.schedule,
      queryKeys.stats,
      queryKeys.affectedAppointments,
      queryKeys.activity,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * After an import, a planner run, an approval or a bulk delete: nearly every resource changed
 * (people, lessons, counts, the log), so all loaded data is marked stale and what is on screen
 * loads again.
 */
export function schoolDataChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
}
