import { encodeHex } from "./hex.ts";

/** A random 256-bit token, hex encoded. */
export function randomToken(): string {
  return encodeHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 of a token, hex encoded: what the database keeps instead of the token. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return encodeHex(new Uint8Array(digest));
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
