import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call } from "../../lib/api.ts";
import { formatGermanDate } from "../../lib/german_dates.ts";
import { schoolDataChanged } from "../../lib/query_keys.ts";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";

/** The query key of the planner's unpublished draft. */
export const planDraftKey = ["plan-draft"] as const;

const lessonsWord = (n: number) => `${n} ${n === 1 ? "Fahrstunde" : "Fahrstunden"}`;
/** Long enough to be read after publishing, which may take a moment with many messages. */
const PUBLISHED_TOAST_MS = 8000;

/**
 * The unpublished draft of the last planner run: what it holds, "Plan veröffentlichen" (people
 * see the lessons and are told) and "Entwurf verwerfen". While a run goes on both wait: the run
 * replaces the draft.
 */
export function PlanDraftPanel({ running }: { running: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const { data: draft } = useQuery({
    queryKey: planDraftKey,
    queryFn: ({ signal }) => call("GET /admin/plan-draft/", { signal }),
  });
  const done = (message: string, duration?: number) => {
    toast.show(message, "success", duration);
    void schoolDataChanged(queryClient);
  };
  const failed = (err: unknown) =>
    toast.show(
      err instanceof ApiError && err.message ? err.message : "Die Aktion ist fehlgeschlagen.",
      "error",
    );
  const publish = useMutation({
    mutationFn: () => call("POST /admin/publish-plan/"),
    onSuccess: (answer) => done(answer.message, PUBLISHED_TOAST_MS),
    onError: failed,
  });
  const discard = useMutation({
    mutationFn: () => call("POST /admin/discard-plan/"),
    onSuccess: (answer) => done(answer.message),
    onError: failed,
  });

  if (!draft || draft.lessons === 0) return null;
  const busy = running || publish.isPending || discard.isPending;
  const span = draft.first_day === draft.last_day
    ? `am ${formatGermanDate(draft.first_day)}`
    : `vom ${formatGermanDate(draft.first_day)} bis ${formatGermanDate(draft.last_day)}`;

  async function askDiscard() {
    const yes = await confirm({
      title: "Entwurf verwerfen?",
      message: `Die ${lessonsWord(draft!.lessons)} des Entwurfs werden gelöscht. ` +
        "Niemand wird benachrichtigt.",
      confirmLabel: "Entwurf verwerfen",
      variant: "danger",
    });
    if (yes) discard.mutate();
  }

  /**
   * Publishing is the bigger step than discarding (everyone concerned is told at once), so it asks
   * too, saying what goes out: the draft's Fahrstunden and its people, one message each.
   */
  async function askPublish() {
    const people = draft!.students + draft!.instructors;
    const yes = await confirm({
      title: "Plan veröffentlichen?",
      message: `${lessonsWord(draft!.lessons)} veröffentlichen? ${people} ` +
        (people === 1 ? "Person wird" : "Personen werden") + " benachrichtigt.",
      confirmLabel: "Veröffentlichen",
      variant: "warning",
    });
    if (yes) publish.mutate();
  }

  return (
    <div className="plan-draft" role="region" aria-label="Planentwurf">
      <p>
        <strong>Entwurf, noch nicht veröffentlicht:</strong> {lessonsWord(draft.lessons)} {span} für
        {" "}
        {draft.students} Fahrschüler und {draft.instructors} Fahrlehrer.
      </p>
      <p className="muted small">
        Nur das Büro sieht diese Termine (als „Ausstehend“). Fahrlehrer und Fahrschüler sehen und
        erfahren sie erst nach der Veröffentlichung. Eine neue Planung ersetzt diesen Entwurf.
      </p>
      <div className="planner-actions">
        <button
          type="button"
          className="button button-danger"
          onClick={() => void askDiscard()}
          disabled={busy}
        >
          Entwurf verwerfen
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void askPublish()}
          disabled={busy}
        >
          {publish.isPending ? "Wird veröffentlicht …" : "Plan veröffentlichen"}
        </button>
      </div>
    </div>
  );
}
