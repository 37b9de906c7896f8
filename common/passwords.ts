import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane.
const params = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 };

/** Hashes a password with argon2id into an encoded string that carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ ...params, password, salt, outputType: "encoded" });
}

/** Checks a password against an encoded argon2id hash. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return argon2Verify({ password, hash }).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when the username is unknown, so both failures take the same time. */
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password of 16 characters without look-alike letters (about 94 bits). */
export function generatePassword(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = "";
  for (const b of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : generatePassword(length);
}
