/** The event the ?-button and "Tutorial starten" send; the mounted admin tour listens for it. */
export const startAdminTourEvent = "fahrplan:start-admin-tour";

/** Starts the admin tour from anywhere (it lives beside the screens, not inside one). */
export function startAdminTour(): void {
  globalThis.dispatchEvent(new Event(startAdminTourEvent));
}
