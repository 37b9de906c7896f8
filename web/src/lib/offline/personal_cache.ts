import { personalApiPaths } from "./constants.ts";

/**
 * Asks for the user's own answers once through the service worker, which keeps them (network
 * first), so one online visit is enough for /verfuegbarkeit and /kalender to open offline, even
 * a screen not yet seen. Offline it does nothing: the worker's copies are what there is.
 */
export async function warmPersonalCache(): Promise<void> {
  if (!navigator.onLine || !navigator.serviceWorker?.controller) return;
  await Promise.all(personalApiPaths.map(async (path) => {
    try {
      await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
    } catch { /* the connection dropped meanwhile: the cache keeps what it has */ }
  }));
}
