/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  apiCacheName,
  isPersonalApiPath,
  replayMessage,
  replaySyncTag,
} from "./lib/offline/constants.ts";
import { ownPath, readPush } from "./lib/push/payload.ts";

declare const self: ServiceWorkerGlobalScope;

// The app shell, precached at install; the manifest list is injected by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first worker controls the page at once; later ones wait in 'waiting' until the user agrees.
clientsClaim();

// Every client-side route opens offline from the precached index.html; /api never does.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//] }),
);

// Hashed assets not in the precache (admin-only chunks) are kept once they were loaded.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin &&
    url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: "fahrplan-assets",
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

// The user's own answers: always fresh when online, the last copy when not. Only 200s are kept
// (Workbox's default), so a 401 never replaces the copy a user needs offline.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin &&
    isPersonalApiPath(url.pathname),
  new NetworkFirst({
    cacheName: apiCacheName,
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 60 * 60 * 24 * 30 })],
  }),
);

// A waiting worker takes over only when the user accepts 'Neue Version verfügbar'.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

// Background Sync: the connection is back. The pages hold the session's CSRF token and the
// queue logic, so the worker wakes them instead of replaying itself.
self.addEventListener("sync" as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag !== replaySyncTag) return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: replayMessage });
    }),
  );
});

// Web Push (issue 23): the delivery worker's German message, shown as a notification. Every push
// must show one (userVisibleOnly), so a message that cannot be read still shows a German line.
self.addEventListener("push", (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Undecodable data: readPush's German fallback.
  }
  const push = readPush(text);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      lang: "de",
      data: { url: push.url },
    }),
  );
});

// A click on the notification opens the calendar: in a window of the app that is open, else a
// new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(ownPath(event.notification.data?.url), self.location.origin);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === url.origin);
    if (open) {
      await open.focus();
      await open.navigate(url.href).catch(() => undefined);
      return;
    }
    await self.clients.openWindow(url.href);
  })());
});
