import { personalApiPaths } from "./constants.ts";

/** The signed-in user's role; only an instructor or a student has personal data to keep. */
let ownerRole: string | null = null;

/**
 * Tells the cache who is signed in (null: nobody) and warms it for them, so a signed-out visitor
 * or an admin never asks for personal data the server would refuse.
 */
export function setPersonalCacheOwner(role: string | null): void {
  ownerRole = role;
  void warmPersonalCache();
}

/**
 * Asks for the user's own answers once through the service worker, which keeps them (network
 * first), so one online visit is enough for /verfuegbarkeit and /kalender to open offline, even
 * a screen not yet seen. Offline it does nothing: the worker's copies are what there is.
 */
export async function warmPersonalCache(): Promise<void> {
  if (ownerRole !== "instructor" && ownerRole !== "student") return;
  if (!navigator.onLine || !navigator.serviceWorker?.controller) return;
  await Promise.all(personalApiPaths.map(async (path) => {
    try {
      await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
    } catch { /* the connection dropped meanwhile: the cache keeps what it has */ }
  }));
}
