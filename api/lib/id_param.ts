import { notFound } from "./errors.ts";

/**
 * The id of a path like /users/{id}/: a positive whole number of at most 15 digits (beyond that
 * it is no row of ours and would lose precision), else a 404 "… wurde nicht gefunden." naming
 * `what` (e.g. "Das Fahrzeug").
 */
export function idParam(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d{1,15}$/.test(text) || Number(text) < 1) throw notFound(what);
  return Number(text);
}
