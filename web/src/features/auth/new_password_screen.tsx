import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { passwordMinLength } from "../../../../common/contract/session.ts";
import { ApiError, call } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { PasswordField } from "./password_field.tsx";
import { useNoIndex } from "./robots_meta.ts";
import "./auth.css";

/** The link's token: in the fragment (#…), so it never reaches a server log. */
function tokenOfLink(): string {
  return globalThis.location?.hash.replace(/^#/, "") ?? "";
}

/**
 * /passwort-neu#<token>: the page the "Passwort vergessen?" e-mail links to. Sets the new password
 * (the server checks the spec's rules and the link); afterwards every session of the person has
 * ended and they sign in anew.
 */
export default function NewPasswordScreen() {
  usePageTitle("Neues Passwort", { bare: true });
  useNoIndex();
  const [token] = useState(tokenOfLink);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const repeatId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password !== repeat) {
      setError("Die beiden Passwörter stimmen nicht überein.");
      return;
    }
    setBusy(true);
    try {
      const answer = await call("POST /auth/password-reset/confirm/", {
        body: { token, new_password: password },
      });
      // The token has done its work: it leaves the address bar and the history.
      history.replaceState(null, "", location.pathname);
      setDone(answer.message);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : "Fehler beim Speichern.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <main className="auth-main" id="main">
        <div className="auth-card">
          <h1>Neues Passwort festlegen</h1>
          {done
            ? (
              <>
                <p className="alert alert-success" role="status">{done}</p>
                <Link className="button button-primary button-block" to="/login">
                  Zur Anmeldung
                </Link>
              </>
            )
            : (
              <form onSubmit={submit} className="auth-form">
                {error && <p className="alert alert-error" role="alert">{error}</p>}
                <p className="muted">
                  Mindestens {passwordMinLength}{" "}
                  Zeichen, nicht Ihr Benutzername. Danach sind Sie auf allen Geräten abgemeldet.
                </p>
                <div className="form-field">
                  <label htmlFor={passwordId}>Neues Passwort</label>
                  <PasswordField
                    id={passwordId}
                    value={password}
                    onChange={setPassword}
                    autoComplete="new-password"
                  />
                </div>
                <div className="form-field">
                  <label htmlFor={repeatId}>Neues Passwort wiederholen</label>
                  <PasswordField
                    id={repeatId}
                    value={repeat}
                    onChange={setRepeat}
                    autoComplete="new-password"
                  />
                </div>
                <button
                  type="submit"
                  className="button button-primary button-large button-block"
                  disabled={busy || !token}
                >
                  {busy ? "Wird gespeichert …" : "Passwort speichern"}
                </button>
                {!token && (
                  <p className="alert alert-warning">
                    Der Link ist unvollständig. Bitte öffnen Sie ihn aus der E-Mail heraus erneut.
                  </p>
                )}
              </form>
            )}
        </div>
      </main>
    </div>
  );
}
