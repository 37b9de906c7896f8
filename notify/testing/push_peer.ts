/**
 * A real push service on loopback for the tests, and a real browser's side of a subscription:
 * a P-256 key pair and auth secret made here, whose private key decrypts what the delivery worker
 * sent (RFC 8291, aes128gcm of RFC 8188), and the VAPID token checked against its key (RFC 8292).
 * Written from the RFCs with Web Crypto, not with the sending library, so a mistake on the sending
 * side cannot cancel out on this side.
 */

const text = new TextEncoder();

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - b64.length % 4) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt, info },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/** A browser's subscription keys: what PushManager.subscribe makes on a real device. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
  /** Opens a message sent to this device. */
  decrypt(body: Uint8Array<ArrayBuffer>): Promise<string>;
}

export async function makeDeviceKeys(): Promise<DeviceKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, [
    "deriveBits",
  ]);
  const uaPublic = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  return {
    p256dh: toBase64Url(uaPublic),
    auth: toBase64Url(authSecret),
    async decrypt(body) {
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id = sender's key.
      const salt = body.slice(0, 16);
      const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
      const idLength = body[20];
      const asPublic = body.slice(21, 21 + idLength);
      const ciphertext = body.slice(21 + idLength);
      if (ciphertext.length > recordSize) throw new Error("mehr als ein Datensatz");
      const senderKey = await crypto.subtle.importKey(
        "raw",
        asPublic,
        { name: "ECDH", namedCurve: "P-256" },
        false,
        [],
      );
      const ecdhSecret = new Uint8Array(
        await crypto.subtle.deriveBits({ name: "ECDH", public: senderKey }, pair.privateKey, 256),
      );
      // RFC 8291 §3.4: the input key from the shared secret and the auth secret.
      const keyInfo = concat(text.encode("WebPush: info\0"), uaPublic, asPublic);
      const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
      const cek = await hkdf(salt, ikm, text.encode("Content-Encoding: aes128gcm\0"), 16);
      const nonce = await hkdf(salt, ikm, text.encode("Content-Encoding: nonce\0"), 12);
      const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
      const plain = new Uint8Array(
        await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext),
      );
      // The last record ends with the delimiter 0x02 and zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error("Trennzeichen des letzten Datensatzes fehlt");
      return new TextDecoder().decode(plain.slice(0, end));
    },
  };
}

/** One request the push service received. */
export interface Received {
  path: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  /** The VAPID token's claims, after its signature was checked against the key it names. */
  vapid: { aud: string; exp: number; sub: string; key: string };
}

/** Checks the `vapid t=…, k=…` authorization (RFC 8292 §3) and answers its claims and key. */
async function checkVapid(header: string | null): Promise<Received["vapid"]> {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error(`keine VAPID-Anmeldung: ${header}`);
  const [, token, key] = match;
  const [head, claims, signature] = token.split(".");
  const publicKey = await crypto.subtle.importKey(
    "raw",
    fromBase64Url(key),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    publicKey,
    fromBase64Url(signature),
    text.encode(`${head}.${claims}`),
  );
  if (!valid) throw new Error("VAPID-Signatur passt nicht zum Schlüssel");
  if (JSON.parse(new TextDecoder().decode(fromBase64Url(head))).alg !== "ES256") {
    throw new Error("VAPID nicht mit ES256");
  }
  return { ...JSON.parse(new TextDecoder().decode(fromBase64Url(claims))), key };
}

/** What the push service answers: a status, or a status with a body (as real ones explain). */
export type PeerAnswer = number | { status: number; body: string };

/**
 * Starts the push service on a free loopback port. `answer(path)` chooses the status per device
 * (default 201 Created, as push services answer); requests with a bad VAPID token get 403.
 */
export function startPushPeer(answer: (path: string) => PeerAnswer = () => 201) {
  const received: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = new Uint8Array(await req.arrayBuffer());
    const path = new URL(req.url).pathname;
    let vapid: Received["vapid"];
    try {
      vapid = await checkVapid(req.headers.get("Authorization"));
    } catch (err) {
      return new Response((err as Error).message, { status: 403 });
    }
    const chosen = answer(path);
    const { status, body: text } = typeof chosen === "number"
      ? { status: chosen, body: null }
      : chosen;
    if (status < 300) received.push({ path, headers: req.headers, body, vapid });
    return new Response(text, { status });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    received,
    close: () => server.shutdown(),
  };
}
