import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ThemeToggle } from "../../components/ui/theme_toggle.tsx";
import { useAuth } from "../../lib/auth.tsx";
import { isEnabled } from "../../lib/feature_flags.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { loginErrorMessage } from "./login_error.ts";
import { PasswordField } from "./password_field.tsx";
import { ForgotPasswordDialog } from "./forgot_password_dialog.tsx";
import { useNoIndex } from "./robots_meta.ts";
import "./auth.css";
import { Icon } from "../../components/ui/icons.tsx";

const resetHint = "Ein neues Passwort festlegen";

/** /login (spec 01 §2): sign in, then staff go to /admin-panel and everyone else to /verfuegbarkeit. */
export default function LoginScreen() {
  usePageTitle("Anmelden", { bare: true });
  useNoIndex();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const usernameId = useId();
  const passwordId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const user = await login(username, password);
      navigate(user.is_staff ? "/admin-panel" : "/verfuegbarkeit", { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <div className="auth-corner">
        {isEnabled("darkModeToggle") && <ThemeToggle />}
      </div>
      <main className="auth-main" id="main">
        <div className="auth-card">
          <div className="auth-brand">
            <img src="/favicon.svg" alt="" width="56" height="56" className="auth-logo" />
            <div className="auth-brand-text">
              <span className="auth-brand-name">Fahrplan</span>
              <span className="auth-brand-tagline">KI-Fahrstundenplanung</span>
            </div>
          </div>
          <h1 className="auth-title">Willkommen bei Fahrplan</h1>
          <p className="auth-subtitle">Melden Sie sich an, um Ihre Planung zu optimieren.</p>

          <form className="auth-form" onSubmit={submit}>
            <div role="alert" id={errorId} className="auth-alert-region">
              {error && (
                <div className="alert alert-error">
                  <Icon name="alert-circle" />
                  <span>{error}</span>
                </div>
              )}
            </div>

            <div className="form-field">
              <label htmlFor={usernameId}>E-Mail-Adresse</label>
              <input
                id={usernameId}
                name="username"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                autoFocus
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>

            <div className="form-field">
              <div className="auth-label-row">
                <label htmlFor={passwordId}>Passwort</label>
                <button
                  type="button"
                  className="button-link auth-forgot"
                  title={resetHint}
                  onClick={() => setResetOpen(true)}
                >
                  Passwort vergessen?
                </button>
              </div>
              <PasswordField
                id={passwordId}
                value={password}
                onChange={setPassword}
              />
            </div>

            <button
              type="submit"
              className="button button-primary button-large button-block"
              aria-busy={busy}
              disabled={busy}
            >
              Anmelden
            </button>
          </form>
        </div>

        <footer className="auth-footer">
          <span>© {new Date().getFullYear()} Fahrplan</span>
          <Link to="/impressum">Impressum</Link>
          <Link to="/datenschutz">Datenschutz</Link>
        </footer>
      </main>

      <ForgotPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </div>
  );
}
