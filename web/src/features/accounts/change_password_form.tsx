import { type FormEvent, useId, useState } from "react";
import { Icon } from "../../components/ui/icons.tsx";
import { newPasswordProblem, passwordMinLength } from "../../../../common/contract/session.ts";
import { ApiError, call } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.tsx";

interface Props {
  /** the id of the <form>, so a dialog footer's submit button can send it */
  formId: string;
  onDone(): void;
  onBusy?(busy: boolean): void;
}

/** The problem a form shows before it asks the server (the server checks the same rules). */
export function changePasswordProblem(
  fields: { current: string; next: string; repeat: string },
  username: string,
): string {
  if (!fields.current) return "Bitte geben Sie Ihr aktuelles Passwort ein.";
  const problem = newPasswordProblem(fields.next, {
    username,
    currentPassword: fields.current,
  });
  if (problem) return problem;
  if (fields.next !== fields.repeat) return "Die beiden neuen Passwörter stimmen nicht überein.";
  return "";
}

/** Current password, new password twice; the rules of the server, checked here first. */
export function ChangePasswordForm({ formId, onDone, onBusy }: Props) {
  const { user, setUser } = useAuth();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = { current: useId(), next: useId(), repeat: useId(), hint: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !user) return;
    const problem = changePasswordProblem({ current, next, repeat }, user.username);
    setError(problem);
    if (problem) return;
    setBusy(true);
    onBusy?.(true);
    try {
      await call("POST /auth/change-password/", {
        body: { current_password: current, new_password: next },
      });
      setUser({ ...user, must_change_password: false });
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError && err.message
          ? err.message
          : "Das Passwort konnte nicht geändert werden.",
      );
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  }

  return (
    <form id={formId} className="stack" onSubmit={submit} noValidate aria-busy={busy}>
      <div role="alert">
        {error && (
          <div className="alert alert-error">
            <Icon name="alert-circle" />
            <span>{error}</span>
          </div>
        )}
      </div>
      {/* For password managers: which account this password belongs to. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user?.username ?? ""}
        readOnly
        hidden
      />
      <div className="form-field">
        <label htmlFor={ids.current}>Aktuelles Passwort</label>
        <input
          id={ids.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={ids.next}>Neues Passwort</label>
        <input
          id={ids.next}
          type="password"
          autoComplete="new-password"
          aria-describedby={ids.hint}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <p id={ids.hint} className="muted small">
          Mindestens {passwordMinLength}{" "}
          Zeichen, nicht Ihr Benutzername. Ein Satz aus mehreren Wörtern ist gut zu merken.
        </p>
      </div>
      <div className="form-field">
        <label htmlFor={ids.repeat}>Neues Passwort wiederholen</label>
        <input
          id={ids.repeat}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </div>
    </form>
  );
}
