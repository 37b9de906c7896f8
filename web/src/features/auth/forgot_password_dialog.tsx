import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { ApiError, call } from "../../lib/api.ts";

/**
 * "Passwort vergessen?": with e-mail set up, asks for the address and sends a link (the answer is
 * the same whether the address exists); otherwise it sends people to the office, as before.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const emailId = useId();
  const { data } = useQuery({
    queryKey: ["password-reset-info"],
    queryFn: ({ signal }) => call("GET /auth/password-reset/", { signal }),
    enabled: open,
  });
  const [email, setEmail] = useState("");
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byMail = data?.email_configured === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setAnswer((await call("POST /auth/password-reset/", { body: { email } })).message);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "Fehler beim Senden.");
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    setAnswer(null);
    setError(null);
    onClose();
  };
  const formId = `${emailId}-form`;
  return (
    <Modal
      open={open}
      title="Passwort vergessen?"
      size="small"
      onClose={close}
      footer={byMail && !answer
        ? (
          <>
            <Button variant="secondary" onClick={close}>Abbrechen</Button>
            <button type="submit" form={formId} className="button button-primary" disabled={busy}>
              {busy ? "Wird gesendet …" : "Link senden"}
            </button>
          </>
        )
        : <Button variant="primary" onClick={close}>Verstanden</Button>}
    >
      {!data
        ? <p className="muted">Wird geladen …</p>
        : byMail
        ? answer
          ? <p role="status">{answer}</p>
          : (
            <form id={formId} onSubmit={submit} className="stack">
              <p>
                Geben Sie die E-Mail-Adresse Ihres Kontos ein. Sie bekommen einen Link, mit dem Sie
                ein neues Passwort festlegen; er gilt eine Stunde.
              </p>
              {error && <p className="alert alert-error" role="alert">{error}</p>}
              <label htmlFor={emailId}>E-Mail-Adresse</label>
              <input
                id={emailId}
                className="input"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </form>
          )
        : (
          <>
            <p>
              Ihr Zugang wird von Ihrer Fahrschule verwaltet. Bitte wenden Sie sich an das
              Fahrschulbüro: Dort wird Ihr Passwort zurückgesetzt und Sie erhalten neue
              Zugangsdaten.
            </p>
            <p className="muted small">
              Aus Sicherheitsgründen versenden wir keine Passwörter per E-Mail.
            </p>
          </>
        )}
    </Modal>
  );
}
