/** German labels of an appointment's status; an unknown status counts as confirmed (spec 01 §2). */
export function statusLabel(status: string): string {
  if (status === "pending") return "Ausstehend";
  if (status === "cancelled") return "Storniert";
  return "Bestätigt";
}

/** German name of a transmission. */
export function transmissionLabel(transmission: string): string {
  return transmission === "automatic" ? "Automatik" : "Schaltgetriebe";
}

/** 2026-12-10 → 10.12.2026 */
export function germanDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}.${m}.${y}`;
}
