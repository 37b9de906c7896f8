import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";

const feedKey = ["my-calendar-feed"] as const;

/** webcal:// makes a phone open its calendar app with the subscription filled in. */
export function webcalAddress(url: string): string {
  return url.replace(/^https?:\/\//, "webcal://");
}

/**
 * "Kalender abonnieren" (issue 23): the person's private address of their lessons for Google,
 * Apple or Outlook calendar, to copy; "Neue Adresse erstellen" ends the old one.
 */
export function CalendarSubscription() {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const hintId = useId();
  const feed = useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => call("GET /my-calendar-feed/", { signal }),
    staleTime: Infinity,
  });
  const renew = useMutation({
    mutationFn: () => call("POST /my-calendar-feed/renew/"),
    onSuccess: (answer) => queryClient.setQueryData(feedKey, answer),
  });
  const url = feed.data?.url ?? "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.show("Adresse kopiert", "success");
    } catch {
      toast.show("Kopieren fehlgeschlagen", "error");
    }
  }

  async function renewAddress() {
    const ok = await confirm({
      title: "Neue Adresse erstellen",
      message:
        "Die bisherige Adresse funktioniert danach nicht mehr. Kalender, die sie abonniert haben, erhalten keine Termine mehr, bis Sie dort die neue Adresse eintragen.",
      confirmLabel: "Neue Adresse erstellen",
      variant: "warning",
    });
    if (!ok) return;
    try {
      await renew.mutateAsync();
      toast.show("Neue Adresse erstellt. Die alte gilt nicht mehr.", "success");
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.message
          ? error.message
          : "Die Adresse konnte nicht erneuert werden.",
        "error",
      );
    }
  }

  return (
    <section className="card calendar-subscription" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>Kalender abonnieren</h2>
      <p id={hintId} className="muted">
        Mit dieser privaten Adresse erscheinen Ihre Fahrstunden im Kalender Ihres Handys (Google,
        Apple, Outlook) und bleiben dort aktuell. Geben Sie die Adresse nicht weiter: Wer sie kennt,
        sieht Ihre Termine.
      </p>
      {feed.isError && (
        <p role="alert" className="text-error">Die Adresse konnte nicht geladen werden.</p>
      )}
      <div className="calendar-subscription-row">
        <label htmlFor={fieldId} className="sr-only">Adresse des Kalender-Abos</label>
        <div className="form-field">
          <input
            id={fieldId}
            type="text"
            readOnly
            value={url}
            placeholder={feed.isPending ? "Wird geladen..." : ""}
            aria-describedby={hintId}
            onFocus={(e) => e.target.select()}
          />
        </div>
        <button type="button" className="button button-primary" disabled={!url} onClick={copy}>
          Adresse kopieren
        </button>
      </div>
      <div className="calendar-subscription-actions">
        {url && (
          <a className="button button-secondary" href={webcalAddress(url)}>
            Im Kalender öffnen
          </a>
        )}
        <button
          type="button"
          className="button button-secondary"
          disabled={!url || renew.isPending}
          onClick={renewAddress}
        >
          Neue Adresse erstellen
        </button>
      </div>
    </section>
  );
}
