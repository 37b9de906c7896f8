/**
 * This device's Web Push subscription: asks the browser's permission, subscribes through the
 * service worker's PushManager with the school's public key, and tells the server (issue 23).
 * Errors are German sentences for the page.
 */
import { call } from "../api.ts";

/** What this browser can do and has done. */
export type DeviceState =
  | "unsupported"
  | "denied"
  | "subscribed"
  | "not-subscribed";

/** Push needs a service worker, PushManager and the Notification API (iOS: only when installed). */
export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in globalThis &&
    "Notification" in globalThis;
}

/** The service worker's registration; a worker that never started is a German error. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () =>
        reject(
          new Error(
            "Der Hintergrunddienst der App läuft nicht. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
          ),
        ),
      10_000,
    )
  );
  return await Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const reg = await navigator.serviceWorker.getRegistration("/");
  const subscription = await reg?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "subscribed" : "not-subscribed";
}

/** base64url to bytes: PushManager.subscribe takes the key as bytes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - b64.length % 4) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((x, i) => x === b[i]);
}

/** Asks the permission, subscribes this device and registers it for the signed-in person. */
export async function allowOnThisDevice(): Promise<number> {
  if (!pushSupported()) {
    throw new Error("Dieser Browser kann keine Benachrichtigungen empfangen.");
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error(
      "Sie haben Benachrichtigungen nicht erlaubt. Sie können das in den Einstellungen Ihres Browsers ändern.",
    );
  }
  const { public_key } = await call("GET /my-push-subscriptions/key/");
  const key = keyBytes(public_key);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (a school's new database) cannot be used any more.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch {
    throw new Error(
      "Der Browser konnte sich nicht beim Push-Dienst anmelden. Bitte versuchen Sie es später erneut.",
    );
  }
  const json = subscription.toJSON();
  const answer = await call("POST /my-push-subscriptions/", {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    },
  });
  return answer.devices;
}

/** Stops messages to this device: the server forgets it, the browser ends the subscription. */
export async function stopOnThisDevice(): Promise<number> {
  if (!pushSupported()) return 0;
  const reg = await navigator.serviceWorker.getRegistration("/");
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return 0;
  const answer = await call("POST /my-push-subscriptions/remove/", {
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
  return answer.devices;
}
