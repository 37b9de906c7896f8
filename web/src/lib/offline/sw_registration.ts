import { Workbox } from "workbox-window";
import { warmPersonalCache } from "./personal_cache.ts";

let workbox: Workbox | null = null;
let updateWaiting = false;
let reloadRequested = false;
const listeners = new Set<() => void>();

/** Whether a new deployment waits for the user's 'Neu laden'. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

/** Calls back when an update starts waiting; answers the unsubscribe function. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers /sw.js (scope '/'). A new worker waits until the user accepts the update; the page
 * then tells it to take over and reloads once it controls the page, so the open app never mixes
 * old and new files.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", showPrompt);
  workbox.addEventListener("controlling", () => {
    if (reloadRequested) return globalThis.location.reload();
    // First install: the worker now answers the API calls, so fill its cache.
    void warmPersonalCache();
  });
  // Another tab accepted an update: this tab's old files may be gone from the cache, so it
  // offers the reload too (a first install has no controller before, hence no prompt).
  let hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && !reloadRequested) showPrompt();
    hadController = true;
  });
  void workbox.register().then(() => {
    // Already controlled from an earlier visit: refresh the offline copy of the user's data.
    if (navigator.serviceWorker.controller) void warmPersonalCache();
  });
}

function showPrompt() {
  updateWaiting = true;
  for (const listener of listeners) listener();
}

/** Lets the waiting worker take over; the 'controlling' handler then reloads the page. */
export async function applyUpdate(): Promise<void> {
  reloadRequested = true;
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!workbox || !registration?.waiting) return globalThis.location.reload();
  workbox.messageSkipWaiting();
}
