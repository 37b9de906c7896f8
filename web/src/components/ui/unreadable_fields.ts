/**
 * Nothing is lost silently (issue 14, problem 2): a date or time field that cannot be read keeps
 * its last good value and marks itself aria-invalid and data-unreadable with a German message beside
 * it. Saving must not send that old value and report success, so a save first asks this and stops.
 * data-unreadable, not aria-invalid: a field the form marked (an empty required field) reads fine.
 */
export function unreadableFieldProblem(container: Element | null | undefined): string {
  const field = container?.querySelector<HTMLInputElement>("input[data-unreadable]");
  if (!field) return "";
  field.focus();
  const label = field.labels?.[0]?.textContent?.replace("*", "").trim() ||
    field.getAttribute("aria-label") || "";
  return label
    ? `Bitte korrigieren Sie das Feld „${label}“; es enthält eine ungültige Eingabe. Es wurde nichts gespeichert.`
    : "Ein Feld enthält eine ungültige Eingabe. Bitte korrigieren Sie es; es wurde nichts gespeichert.";
}
