import { replayMessage } from "./constants.ts";
import { deliverPendingLogout } from "./pending_logout.ts";
import { flushQueue } from "./sync.ts";

/** Sends a sign-out made offline, and the queue, when the device comes back online or the service worker's Background Sync fires. */
export function startOfflineSync(): void {
  globalThis.addEventListener("online", () => {
    void deliverPendingLogout();
    void flushQueue();
  });
  navigator.serviceWorker?.addEventListener("message", (event) => {
    if (event.data?.type === replayMessage) void flushQueue();
  });
}
