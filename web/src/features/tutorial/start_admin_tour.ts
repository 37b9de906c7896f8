/** The event the ?-button and "Tutorial starten" send; the mounted admin tour listens for it. */
export const startAdminTourEvent = "fahrplan:start-admin-tour";

/**
 * A start asked for before the tour's code has loaded (it is loaded lazily beside the screens): a
 * click on the ?-button right after sign-in would otherwise reach no listener and be lost.
 */
let requested = false;

/** Starts the admin tour from anywhere (it lives beside the screens, not inside one). */
export function startAdminTour(): void {
  requested = true;
  globalThis.dispatchEvent(new Event(startAdminTourEvent));
}

/** Whether a start was asked for since the last call; the tour takes it when it mounts or hears it. */
export function takeAdminTourRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
