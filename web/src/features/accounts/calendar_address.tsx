import { useId, useState } from "react";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError } from "../../lib/api.ts";

interface Props {
  label: string;
  hint: string;
  load(): Promise<{ url: string }>;
}

/** webcal:// opens the phone's calendar app with the subscription prefilled. */
export function webcalAddress(url: string): string {
  return url.replace(/^https?:\/\//, "webcal://");
}

/** The office's view of a person's subscription address: shown on request, with a copy button. */
export function CalendarAddress({ label, hint, load }: Props) {
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function show() {
    setBusy(true);
    try {
      setUrl((await load()).url);
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.message
          ? error.message
          : "Die Adresse konnte nicht geladen werden.",
        "error",
      );
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.show("Adresse kopiert", "success");
    } catch {
      toast.show("Kopieren fehlgeschlagen", "error");
    }
  }

  return (
    <div className="calendar-address">
      {url ? <label htmlFor={fieldId}>{label}</label> : <span className="label">{label}</span>}
      <p className="muted small">{hint}</p>
      {url
        ? (
          <div className="calendar-address-row">
            <input
              id={fieldId}
              type="text"
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="button button-secondary" onClick={copy}>
              Kopieren
            </button>
          </div>
        )
        : (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={show}
          >
            Adresse anzeigen
          </button>
        )}
    </div>
  );
}
