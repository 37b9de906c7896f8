/**
 * Web Push through the `web-push` package (web-push-libs, the reference implementation: RFC 8291
 * aes128gcm encryption and the RFC 8292 VAPID signature; runs on Deno through its Node
 * compatibility). Only its request building is used; the request itself goes out with fetch, which
 * has a time limit per call and talks to any push service (and to the loopback one of the tests).
 */
import webpush from "web-push";
import type { VapidKeys } from "../../db/push_keys.ts";

/** A device's subscription as the browser gave it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker gets: it shows title and body and opens `url` on a click. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** Same tag: a newer message replaces the older one on the screen. */
  tag: string;
}

/**
 * What became of one try. `gone`: the push service no longer knows the device (404, 410);
 * `status`: its HTTP answer, when it answered.
 */
export type PushOutcome =
  | { ok: true }
  | { ok: false; gone: boolean; permanent: boolean; error: string; status?: number };

/** Sends push messages. */
export interface Pusher {
  send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<PushOutcome>;
}

interface RequestDetails {
  method: string;
  headers: Record<string, string | number>;
  /** A Node Buffer (a Uint8Array) with the encrypted payload. */
  body: Uint8Array<ArrayBuffer> | null;
  endpoint: string;
}
const lib = webpush as unknown as {
  generateRequestDetails(
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    payload: string,
    options: Record<string, unknown>,
  ): RequestDetails;
};

/** Longest a push service may keep an undelivered message: four weeks (RFC 8030 allows more). */
export const MAX_TTL_SECONDS = 28 * 24 * 3600;

/**
 * A pusher signing with the school's VAPID keys. `contact` (mailto: or https:) is the `sub` of
 * the VAPID token: how a push service's operator reaches the sender.
 */
export function webPusher(keys: VapidKeys, contact: string, timeoutMs = 30_000): Pusher {
  return {
    async send(target, payload, ttlSeconds) {
      let details: RequestDetails;
      try {
        details = lib.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: contact,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: Math.max(0, Math.min(MAX_TTL_SECONDS, Math.round(ttlSeconds))),
            contentEncoding: "aes128gcm",
          },
        );
      } catch (err) {
        // Keys the browser never could have made: no later try will do better.
        return { ok: false, gone: false, permanent: true, error: (err as Error).message };
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length itself.
        if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
      }
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body,
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = (await res.text()).slice(0, 300);
        if (res.status >= 200 && res.status < 300) return { ok: true };
        const error = `Push-Dienst antwortet ${res.status}${text ? `: ${text}` : ""}`;
        const gone = res.status === 404 || res.status === 410;
        // 429 and 5xx pass; any other 4xx (a bad token, a message too large) stays as it is.
        const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
        return { ok: false, gone, permanent, error, status: res.status };
      } catch (err) {
        return { ok: false, gone: false, permanent: false, error: (err as Error).message };
      }
    },
  };
}

/**
 * The VAPID contact: PUSH_CONTACT if set, else the address of SMTP_FROM, else a placeholder (some
 * push services refuse that; docs/operations.md says so).
 */
export function pushContact(env: { PUSH_CONTACT?: string; SMTP_FROM?: string }): string {
  if (env.PUSH_CONTACT?.trim()) return env.PUSH_CONTACT.trim();
  const address = env.SMTP_FROM?.match(/[^<\s]+@[^>\s]+/)?.[0];
  return address ? `mailto:${address}` : "mailto:fahrplan@localhost.invalid";
}
