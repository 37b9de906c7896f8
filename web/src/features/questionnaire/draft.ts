import { isAnswers, type QuestionnaireAnswers, schoolDayNames } from "./questionnaire_form.ts";

// One draft per link, so two questionnaires filled on one shared device never mix.
const keyOf = (token: string) => `fahrplan.fragebogen.${token}`;

/**
 * The draft kept on the device, so a reload or a lost connection loses nothing. localStorage
 * rather than IndexedDB: it is read synchronously, so the form opens with the draft already in
 * it, and one questionnaire is a few kilobytes.
 */
export function loadDraft(token: string): QuestionnaireAnswers | null {
  try {
    const raw = localStorage.getItem(keyOf(token));
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!isAnswers(value)) return null;
    // A draft of the Monday-to-Friday form gets an empty Saturday.
    while (value.week.length < schoolDayNames.length) {
      value.week.push({ school_start: "", school_end: "", arrival: "", free: [] });
    }
    return value;
  } catch {
    return null; // storage blocked (private mode) or a broken entry: start fresh
  }
}

/** Keeps the answers on the device; a full or blocked storage only costs the draft. */
export function saveDraft(token: string, answers: QuestionnaireAnswers): void {
  try {
    localStorage.setItem(keyOf(token), JSON.stringify(answers));
  } catch { /* see above */ }
}

/** Forgets the draft once the questionnaire is handed in. */
export function clearDraft(token: string): void {
  try {
    localStorage.removeItem(keyOf(token));
  } catch { /* see above */ }
}
