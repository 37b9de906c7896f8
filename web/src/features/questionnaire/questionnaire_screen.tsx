import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { FormAlert } from "../../components/ui/form_fields.tsx";
import { TourButton } from "../../components/ui/tour_button.tsx";
import { Tutorial } from "../../components/ui/tutorial.tsx";
import { useTour } from "../../components/ui/use_tour.ts";
import { ApiError } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { shouldRetry } from "../../lib/query_client.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { handedIn, loadPublicQuestionnaire, submitQuestionnaire } from "./api.ts";
import { demoTourSteps, demoTourStorageKey } from "./demo_tour_steps.ts";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";
import { QuestionnaireFields } from "./questionnaire_fields.tsx";
import {
  type AnswerErrors,
  emptyAnswers,
  type QuestionnaireAnswers,
  toPayload,
  validateAnswers,
} from "./questionnaire_form.ts";

/** Spec 02 §8: shown for an unknown or expired link, and when the server gives no reason. */
export const notFoundMessage = "Fragebogen nicht gefunden oder abgelaufen.";
const submitFailedMessage = "Fehler beim Absenden des Fragebogens.";
const checkFieldsMessage = "Bitte prüfen Sie die markierten Angaben.";
const offlineNote =
  "Keine Verbindung zum Server. Ihre Eingaben bleiben auf diesem Gerät gespeichert; senden Sie den Fragebogen ab, sobald Sie wieder online sind.";

/**
 * Scrolls to and focuses the form's first marked field: an input marked aria-invalid, else the
 * input beside the first field message (a vacation row, a school day).
 */
function goToFirstMarkedField(form: HTMLFormElement) {
  const marked = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const message = form.querySelector<HTMLElement>(
    ".field-error, .questionnaire-fields [role=alert]",
  );
  const field = marked ??
    message?.parentElement?.querySelector<HTMLElement>("input, select, textarea") ?? message;
  if (!field) return;
  field.scrollIntoView?.({ block: "center", behavior: "smooth" });
  field.focus?.({ preventScroll: true });
}

/** The link identifier that shows the form as an example without a real submission. */
const demoToken = "demo";

type Phase =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "form" }
  | { kind: "done" };

/** Whether a failed load means no connection (the form then works from the device). */
/**
 * A vacation day its field refuses (in the past, or before the first day) stays out of the
 * answers, and the field already says why; the row's "Bitte geben Sie Beginn und Ende des Urlaubs
 * an." would then be a second, false sentence beside it (found in the issue-25 walk).
 */
function withoutRefusedVacationDays(found: AnswerErrors, form: HTMLFormElement): AnswerErrors {
  const kept = { ...found };
  for (const key of Object.keys(kept)) {
    const row = /^vacations\.(\d+)$/.exec(key)?.[1];
    if (row && form.querySelector(`[data-row="vacation-${row}"] [data-unreadable]`)) {
      delete kept[key];
    }
  }
  return kept;
}

function isOffline(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

function loadMessage(err: unknown): string {
  // An unknown or expired link always reads the same, whatever the server words it as.
  if (err instanceof ApiError && (err.status === 404 || err.status === 410)) {
    return notFoundMessage;
  }
  return err instanceof ApiError && err.message ? err.message : notFoundMessage;
}

/**
 * The public student questionnaire (/fragebogen/{token}, spec 02 §2): no sign-in, phone first.
 * The answers are kept on the device as they are typed; a handed-in questionnaire shows the
 * thank-you screen at once.
 */
export default function QuestionnaireScreen() {
  usePageTitle("Schüler-Fragebogen");
  const token = useParams().token ?? "";
  const demo = token === demoToken;
  const [submitted, setSubmitted] = useState(false);
  const [answers, setAnswers] = useState<QuestionnaireAnswers>(
    () => loadDraft(token) ?? emptyAnswers(),
  );
  const [errors, setErrors] = useState<AnswerErrors>({});
  // null until the student sends: then the check's or the server's words (or none).
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  // The link's state, read once per link (a focus must not swap the form while the student
  // types). No connection is not tried again: the form works from the device at once.
  const link = useQuery({
    queryKey: [...queryKeys.publicQuestionnaire, token],
    queryFn: ({ signal }) => loadPublicQuestionnaire(token, signal),
    enabled: !demo,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (failures, err) => !isOffline(err) && shouldRetry(failures, err),
  });
  const offline = link.isError && isOffline(link.error);
  const phase: Phase = submitted || (link.data && handedIn.includes(link.data.status))
    ? { kind: "done" }
    : demo || link.data || offline
    ? { kind: "form" }
    : link.isError
    ? { kind: "error", message: loadMessage(link.error) }
    : { kind: "loading" };
  // No connection: sending waits until the student is online again (the draft stays here).
  const problem = sendProblem ?? (offline ? offlineNote : "");
  const setProblem = setSendProblem;
  // The school's Treffpunkte as the link answered them (the spec's four until then).
  const pickupPoints = link.data?.pickup_points?.length ? link.data.pickup_points : undefined;
  const [sending, setSending] = useState(false);
  const dirty = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Counts failed checks: after each, the page goes to the first marked field (issue 25, point 22).
  const [failedChecks, setFailedChecks] = useState(0);
  const tour = useTour({
    tour: "questionnaire_demo",
    storageKey: demoTourStorageKey,
    enabled: demo,
    // No sign-in on this link: whether the tour was seen is kept only in this browser's
    // localStorage, never on the server (there is no user to keep it for).
    userId: null,
    autoStart: phase.kind === "form",
  });

  const q = link.data;
  useEffect(() => {
    if (!q) return;
    if (handedIn.includes(q.status)) return clearDraft(token);
    // The school already typed name and e-mail when it made the link: start with them, unless
    // the student's own draft says otherwise.
    if (!loadDraft(token)) {
      setAnswers((a) => ({
        ...a,
        first_name: a.first_name || (q.first_name ?? ""),
        last_name: a.last_name || (q.last_name ?? ""),
        email: a.email || (q.email ?? ""),
      }));
    }
  }, [q, token]);

  // Every change goes to the device at once; only changes the student made, so opening the
  // link and leaving does not store a draft of defaults.
  const update: typeof setAnswers = (change) => {
    dirty.current = true;
    setAnswers(change);
  };
  useEffect(() => {
    if (dirty.current && !demo) saveDraft(token, answers);
  }, [answers, token, demo]);

  // On a phone the banner at the top is some 2,000 px from the marked fields: go to the first.
  useEffect(() => {
    if (failedChecks > 0 && formRef.current) goToFirstMarkedField(formRef.current);
  }, [failedChecks]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const found = withoutRefusedVacationDays(validateAnswers(answers), form);
    setErrors(found);
    // A time or date field still showing text it cannot read (say "25:00") keeps its last valid
    // value in the answers: sending now would send something other than what the screen shows.
    const unreadable = form.querySelector(
      '[aria-invalid="true"]',
    );
    if (Object.keys(found).length > 0 || unreadable) {
      setProblem(checkFieldsMessage);
      setFailedChecks((n) => n + 1);
      return;
    }
    setProblem("");
    // The demo sends nothing at all: the server would store nothing either (api/questionnaires).
    if (demo) return setSubmitted(true);
    setSending(true);
    try {
      await submitQuestionnaire(token, toPayload(answers));
      clearDraft(token);
      setSubmitted(true);
    } catch (err) {
      // The form stays as it is (and on the device), so the student can send again.
      setProblem(err instanceof ApiError && err.message ? err.message : submitFailedMessage);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="page questionnaire-page">
      <header className="page-header">
        <div>
          <h1>Schüler-Fragebogen</h1>
          {phase.kind === "form" && (
            <p>
              Bitte füllen Sie den Fragebogen aus. Mit * markierte Felder sind Pflichtfelder. Ihre
              Eingaben bleiben auf diesem Gerät gespeichert, bis Sie den Fragebogen absenden.
            </p>
          )}
        </div>
        {demo && phase.kind === "form" && <TourButton onClick={tour.start} />}
      </header>
      {phase.kind === "loading" && <div className="page-loading" aria-busy="true" />}
      {phase.kind === "error" && (
        <div className="card questionnaire-message" role="alert">
          <h2>Fehler</h2>
          <p>{phase.message}</p>
        </div>
      )}
      {phase.kind === "done" && demo && (
        <div className="card questionnaire-message" role="status">
          <h2>Beispiel abgeschlossen</h2>
          <p>
            Dies war ein Beispiel-Fragebogen: Ihre Angaben wurden nicht gesendet und nicht
            gespeichert. Den echten Fragebogen erhalten Sie als Link von Ihrer Fahrschule.
          </p>
        </div>
      )}
      {phase.kind === "done" && !demo && (
        <div className="card questionnaire-message" role="status">
          <h2>Vielen Dank!</h2>
          <p>
            Ihr Fragebogen ist bei uns angekommen. Die Fahrschule meldet sich in Kürze bei Ihnen.
          </p>
        </div>
      )}
      {phase.kind === "form" && (
        <form
          ref={formRef}
          className="long-form questionnaire-form"
          onSubmit={submit}
          noValidate
        >
          {demo && (
            <div className="alert alert-info" role="note">
              Dies ist ein Beispiel-Fragebogen. Beim Absenden wird nichts gespeichert.
            </div>
          )}
          <FormAlert message={problem} scroll={problem !== checkFieldsMessage} />
          <QuestionnaireFields
            answers={answers}
            setAnswers={update}
            errors={errors}
            pickupPoints={pickupPoints}
          />
          <div className="questionnaire-actions">
            <button
              type="submit"
              className="button button-primary button-large"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending ? "Wird gesendet..." : "Fragebogen absenden"}
            </button>
          </div>
        </form>
      )}
      <Tutorial
        steps={demoTourSteps}
        open={tour.open && phase.kind === "form"}
        onFinish={tour.finish}
        label="Tutorial zum Beispiel-Fragebogen"
      />
    </section>
  );
}
