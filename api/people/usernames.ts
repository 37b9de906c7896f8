import type { Sql } from "../db.ts";

// German umlauts as Germans spell them in ASCII; the rest are letters that Unicode does not
// decompose into a base letter plus accent (so the NFD step below would lose them).
const folds: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  ı: "i",
  ł: "l",
  ø: "o",
  æ: "ae",
  œ: "oe",
  đ: "d",
};

/** ASCII-folds a name part: ä→ae, ö→oe, ü→ue, ß→ss, other accents dropped, rest removed. */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßıłøæœđ]/g, (ch) => folds[ch])
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The username a person would get if it were free: `vorname.nachname`. */
export function baseUsername(firstName: string, lastName: string): string {
  const parts = [foldName(firstName), foldName(lastName)].filter(Boolean);
  return (parts.join(".") || "benutzer").slice(0, 60);
}

/**
 * A free username: the base, or the base with the smallest number from 2 on appended. Call
 * inside the creating transaction; the unique index still guards against a parallel create.
 */
export async function freeUsername(sql: Sql, firstName: string, lastName: string) {
  const base = baseUsername(firstName, lastName);
  const taken = new Set(
    (await sql<{ name: string }[]>`
      select lower(username) as name from users
      where lower(username) = ${base} or lower(username) ~ ${`^${
      base.replace(/\./g, "\\.")
    }[0-9]+$`}
    `).map((row) => row.name),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}
