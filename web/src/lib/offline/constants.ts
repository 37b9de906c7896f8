/** Cache Storage name of the user's own API answers (read offline, deleted at logout). */
export const apiCacheName = "fahrplan-api-v1";

/** Background Sync tag under which the page asks the service worker to wake it for a replay. */
export const replaySyncTag = "fahrplan-replay";

/** Message the service worker posts to its pages when the queue should be sent. */
export const replayMessage = "FAHRPLAN_REPLAY_QUEUE";

/**
 * The GET answers worth keeping for offline reading: who is signed in and the user's own data.
 * Not the CSRF token: a kept copy outlives its session, and a write sent with it after the
 * session changed would be refused (the token is always asked of the server, when online).
 */
export const personalApiPaths = [
  "/api/auth/current-user/",
  "/api/my-availability/",
  "/api/my-special-dates/",
  "/api/my-appointments/",
];

/** Whether a GET path is one of the cached personal answers. */
export function isPersonalApiPath(pathname: string): boolean {
  return personalApiPaths.includes(pathname) || pathname.startsWith("/api/my-");
}
