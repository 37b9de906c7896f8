import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane. For a password a person
// chooses, which may be guessable, the cost is what slows an attacker down.
const chosenParams = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 };
// For a password generatePassword() made (about 94 random bits) no cost factor matters: 2^94
// guesses are out of reach at any speed. 256 KiB and 1 iteration take 1-4 ms instead of 80-190 ms,
// which lets an import of 200 people finish in about a second (docs/decisions/0006).
const generatedParams = { memorySize: 256, iterations: 1, parallelism: 1, hashLength: 32 };

function hashWith(params: typeof chosenParams, password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ ...params, password, salt, outputType: "encoded" });
}

/** Hashes a password with argon2id into an encoded string that carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hashWith(chosenParams, password);
}

/**
 * Hashes a password from generatePassword() with a cheap argon2id setting (still argon2id, still
 * salted); verifyPassword reads the parameters from the hash, so both kinds verify alike. Never
 * for a password a person typed.
 */
export function hashGeneratedPassword(password: string): Promise<string> {
  return hashWith(generatedParams, password);
}

/** A freshly generated password with its hash, made before any transaction opens. */
export interface GeneratedCredential {
  password: string;
  hash: string;
}

/** A new generated password and its (cheap) hash. */
export async function generateCredential(): Promise<GeneratedCredential> {
  const password = generatePassword();
  return { password, hash: await hashGeneratedPassword(password) };
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
