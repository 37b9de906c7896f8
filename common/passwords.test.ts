import { describe, expect, it } from "vitest";
import {
  generateCredential,
  generatePassword,
  hashGeneratedPassword,
  hashPassword,
  verifyPassword,
} from "./passwords.ts";

describe("passwords", () => {
  it("a chosen password keeps OWASP's argon2id setting and verifies", async () => {
    const hash = await hashPassword("mein-geheimes-passwort");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword("mein-geheimes-passwort", hash)).toBe(true);
    expect(await verifyPassword("mein-geheimes-passworT", hash)).toBe(false);
  });

  it("a generated password gets the cheap argon2id setting and verifies the same way", async () => {
    const password = generatePassword();
    const hash = await hashGeneratedPassword(password);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(password.slice(1), hash)).toBe(false);
    // Salted: the same password never hashes alike twice.
    expect(await hashGeneratedPassword(password)).not.toBe(hash);
  });

  it("generateCredential hands out a 16-character password with its matching hash", async () => {
    const { password, hash } = await generateCredential();
    expect(password).toHaveLength(16);
    expect(await verifyPassword(password, hash)).toBe(true);
  });
});
