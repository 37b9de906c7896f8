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
