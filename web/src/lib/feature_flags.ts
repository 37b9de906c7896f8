/**
 * Feature flags of spec 01 §9. The spec's product shipped them all off; each is on here for
 * what is built, and off for a part that does not exist yet (its entry then does not render).
 */
export const featureFlags = {
  tutorial: true,
  importQuestionnaireSection: true,
  systemOverview: true,
  fairnessStats: true,
  instructorWorkload: true,
  dataManagement: true,
  activityLog: true,
  dashboardNav: true,
  appointmentsNav: true,
  calendarNav: true,
  availabilityNav: true,
  darkModeToggle: true,
  reportsSection: false,
  authSection: false,
  vehiclesSection: true,
  constraintsSection: true,
  availabilitiesSection: true,
} as const;

export type FeatureFlag = keyof typeof featureFlags;

/** Whether a flag is on. */
export function isEnabled(flag: FeatureFlag): boolean {
  return featureFlags[flag];
}
