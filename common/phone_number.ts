/** What a phone number that is none is told, on the server and in the form alike. */
export const invalidPhoneMessage = "Bitte geben Sie eine gültige Telefonnummer ein.";

/**
 * Whether `text` reads as a phone number as people write one: digits with an optional leading
 * '+', and spaces, '/', '-', '.', '(' and ')' between them; 5 to 20 digits (issue 25, point 22:
 * "abc" was accepted). Loose on purpose: the school calls the number, it does not dial it.
 */
export function isPhoneNumber(text: string): boolean {
  const trimmed = text.trim();
  if (!/^\+?[\d\s()/.\-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, "").length;
  return digits >= 5 && digits <= 20;
}
