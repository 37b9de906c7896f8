import { useState } from "react";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { type Credentials, CredentialsModal } from "../../components/ui/credentials_modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { credentialsPdf, signInAddress } from "../../lib/credentials_pdf.ts";
import { downloadFile } from "../../lib/export_files.ts";

/**
 * The new password after a reset, shown this once (the shared credentials dialog), with the
 * import's credentials card as PDF. The caller forgets the credentials on close.
 */
export function ResetCredentialsModal(
  { credentials, onClose }: { credentials: Credentials | null; onClose(): void },
) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    if (!credentials) return;
    setBusy(true);
    try {
      const blob = await credentialsPdf([credentials], signInAddress());
      downloadFile(`fahrplan-zugangsdaten-${credentials.username}.pdf`, blob);
    } catch (err) {
      console.error(err);
      toast.show("Fehler beim Erstellen der PDF-Datei", "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <CredentialsModal
      credentials={credentials}
      onClose={onClose}
      title="Neues Passwort"
      intro={(c) => (
        <>
          Das Passwort von <strong>{c.name}</strong>{" "}
          wurde zurückgesetzt. Das alte Passwort gilt nicht mehr; alle Geräte sind abgemeldet.
        </>
      )}
      actions={
        <BusyButton
          className="button button-secondary"
          busy={busy}
          busyLabel="PDF wird erstellt..."
          onClick={download}
        >
          Zugangskarte (PDF)
        </BusyButton>
      }
    />
  );
}
