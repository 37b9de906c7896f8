import { useId, useState } from "react";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ChangePasswordForm } from "./change_password_form.tsx";

/** "Passwort ändern" from the user menu; other devices are signed out, this one stays. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const toast = useToast();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="Passwort ändern"
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Abbrechen
          </button>
          <BusyButton type="submit" form={formId} busy={busy} busyLabel="Wird gespeichert...">
            Passwort ändern
          </BusyButton>
        </>
      }
    >
      {open && (
        <>
          <p className="muted">
            Danach sind Sie auf allen anderen Geräten abgemeldet; auf diesem bleiben Sie angemeldet.
          </p>
          <ChangePasswordForm
            formId={formId}
            onBusy={setBusy}
            onDone={() => {
              toast.show("Ihr Passwort wurde geändert.", "success");
              onClose();
            }}
          />
        </>
      )}
    </Modal>
  );
}
