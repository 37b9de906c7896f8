/**
 * Every call of the questionnaire, public and admin, in one place; their shapes are the shared
 * contract (common/contract/questionnaires.ts), which the API's tests check its answers against.
 */
import type {
  AdminQuestionnaire,
  Approval,
  NewQuestionnaire,
  PublicQuestionnaire,
  QuestionnairePayload,
  QuestionnaireStatus,
  StoredAnswers,
  Submitted,
} from "../../../../common/contract/questionnaires.ts";
import { call } from "../../lib/api.ts";

export type {
  AdminQuestionnaire,
  Approval,
  NewQuestionnaire,
  PublicQuestionnaire,
} from "../../../../common/contract/questionnaires.ts";

/** Status values meaning "already handed in" (spec 02 §3). */
export const handedIn: QuestionnaireStatus[] = ["submitted", "approved"];

/** GET /api/fragebogen/{token}/: the link's status, without sign-in. */
export function loadPublicQuestionnaire(
  token: string,
  signal?: AbortSignal,
): Promise<PublicQuestionnaire> {
  return call("GET /fragebogen/{token}/", { params: { token }, signal });
}

/** POST /api/fragebogen/{token}/ with the payload of spec 02 §3 (with the CSRF header). */
export function submitQuestionnaire(
  token: string,
  payload: QuestionnairePayload,
): Promise<Submitted> {
  return call("POST /fragebogen/{token}/", { params: { token }, body: payload });
}

/** The submitted answers of an entry as the details call answers them; null before that. */
export function answersOf(entry: AdminQuestionnaire): StoredAnswers | null {
  return entry.answers ?? null;
}

/** POST /api/admin/questionnaires/create/ answers {questionnaire: {id, …, questionnaire_url}}. */
export async function createQuestionnaire(person: NewQuestionnaire): Promise<AdminQuestionnaire> {
  return (await call("POST /admin/questionnaires/create/", { body: person })).questionnaire;
}

/** GET /api/admin/questionnaires/: every link, newest first, without the answers. */
export async function listQuestionnaires(): Promise<AdminQuestionnaire[]> {
  return (await call("GET /admin/questionnaires/")).results;
}

/** GET /api/admin/questionnaires/{id}/: one questionnaire with its answers. */
export async function loadQuestionnaire(id: number): Promise<AdminQuestionnaire> {
  return (await call("GET /admin/questionnaires/{id}/", { params: { id } })).questionnaire;
}

/** POST /api/admin/questionnaires/{id}/approve/ creates the student. */
export function approveQuestionnaire(id: number): Promise<Approval> {
  return call("POST /admin/questionnaires/{id}/approve/", { params: { id } });
}

/** PUT /api/admin/questionnaires/{id}/ with the spec 02 payload: the admin corrects answers. */
export async function updateQuestionnaireAnswers(
  id: number,
  payload: QuestionnairePayload,
): Promise<AdminQuestionnaire> {
  const answer = await call("PUT /admin/questionnaires/{id}/", { params: { id }, body: payload });
  return answer.questionnaire;
}

/** The link as an absolute address, whether the server sends a path or a full URL. */
export function absoluteLink(url: string): string {
  try {
    return new URL(url, globalThis.location?.origin ?? "http://localhost").href;
  } catch {
    return url;
  }
}
