import { createHash } from "node:crypto";
import { encodeHex } from "./hex.ts";

/** A random 256-bit token, hex encoded. */
export function randomToken(): string {
  return encodeHex(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * SHA-256 of a token, hex encoded: what the database keeps instead of the token. Hashed on the
 * calling thread: crypto.subtle.digest would hand each of these few dozen bytes to a thread of
 * Tokio's blocking pool, and every signed-in request hashes its session token, so steady traffic
 * kept up to 32 such threads alive in the API (the soak's thread count). Still async for callers.
 */
export function sha256Hex(text: string): Promise<string> {
  return Promise.resolve(createHash("sha256").update(text, "utf8").digest("hex"));
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
