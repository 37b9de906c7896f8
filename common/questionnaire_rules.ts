/**
 * The questionnaire's fixed values and the one field both sides derive the same way (spec 02 §3,
 * §5, §9): the public form (web/src/features/questionnaire/questionnaire_form.ts) builds its
 * payload with them, the server (api/questionnaires/answers.ts) stores its checked answers with
 * them, so the two cannot drift apart.
 */

/** At most this many free periods per school day (spec 02 §5, §9). */
export const maxFreePeriods = 3;

/** The form's defaults (spec 02 §5, §9): school 08:00-13:30, arrival 14:00, available until 20:00. */
export const questionnaireDefaults = {
  schoolStart: "08:00",
  schoolEnd: "13:30",
  arrival: "14:00",
  /** lessons are planned from the arrival time to this end, always */
  availabilityEnd: "20:00",
} as const;

/**
 * `availabilities_data` of spec 02 §3: available from the arrival time to 20:00 on each school
 * day with an arrival, the vacations again as start_date/end_date, and the holiday answer.
 */
export function availabilitiesData<Holidays extends string>(
  schedule: { day_of_week: number; arrival_time: string | null }[],
  vacations: { start: string; end: string }[],
  availableInHolidays: Holidays,
) {
  return {
    availabilities: schedule.filter((d) => d.arrival_time).map((d) => ({
      day_of_week: d.day_of_week,
      start_time: d.arrival_time!,
      end_time: questionnaireDefaults.availabilityEnd as string,
    })),
    vacation_periods: vacations.map((v) => ({ start_date: v.start, end_date: v.end })),
    available_in_holidays: availableInHolidays,
  };
}
