/**
 * The school's VAPID key pair (RFC 8292) for Web Push, made at the first start and kept in the
 * database (migration 0080): nothing to configure, nothing secret in the repository or the
 * environment, and API and delivery worker read the same pair. Made with Web Crypto so the API
 * needs no Node module for it.
 */
import type { Db } from "./connection.ts";

/** Both keys base64url: the public one as the uncompressed point, the private one as its scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new P-256 key pair in the form web-push and PushManager.subscribe take. */
export async function makeVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { publicKey: base64Url(raw), privateKey: jwk.d! };
}

/** base64url without padding (RFC 4648 §5), as push services and browsers want it. */
export function base64Url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The stored pair, made now when there is none. Two processes starting at once may both make one;
 * `on conflict do nothing` keeps the first, and both read that one back.
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () =>
    (await db<VapidKeys[]>`
      select public_key as "publicKey", private_key as "privateKey" from push_vapid_keys where id = 1
    `)[0];
  const stored = await read();
  if (stored) return stored;
  const made = await makeVapidKeys();
  await db`
    insert into push_vapid_keys (id, public_key, private_key)
    values (1, ${made.publicKey}, ${made.privateKey})
    on conflict (id) do nothing
  `;
  return (await read())!;
}
