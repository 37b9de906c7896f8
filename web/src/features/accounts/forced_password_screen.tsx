import { useId, useState } from "react";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { usePageTitle } from "../../lib/page_title.ts";
import { ChangePasswordForm } from "./change_password_form.tsx";

/**
 * The only screen for a user whose password was generated for them at the start (the first
 * admin): the password from the start log must be replaced before anything else.
 */
export function ForcedPasswordScreen() {
  usePageTitle("Eigenes Passwort wählen");
  const toast = useToast();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <div>
          <h1>Eigenes Passwort wählen</h1>
          <p>
            Sie haben sich mit dem Passwort aus dem Startprotokoll angemeldet. Bitte wählen Sie
            jetzt Ihr eigenes Passwort; erst danach geht es weiter.
          </p>
        </div>
      </header>
      <section className="card stack">
        <ChangePasswordForm
          formId={formId}
          onBusy={setBusy}
          onDone={() => toast.show("Ihr Passwort wurde geändert.", "success")}
        />
        <div>
          <BusyButton type="submit" form={formId} busy={busy} busyLabel="Wird gespeichert...">
            Passwort speichern
          </BusyButton>
        </div>
      </section>
    </div>
  );
}
