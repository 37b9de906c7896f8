import { useState } from "react";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { downloadFile } from "../../lib/export_files.ts";
import { credentialsPdf, signInAddress } from "../../lib/credentials_pdf.ts";

interface Props {
  /** the created people; null when closed. The caller forgets them on close. */
  users: Credentials[] | null;
  /** names the PDF: 'fahrlehrer' or 'fahrschueler' */
  fileTag: string;
  onClose(): void;
}

/**
 * Every person an import created, with username and password, shown this once (spec 01 §2);
 * "Zugangsdaten herunterladen" prints them as cards. Closing before downloading asks first,
 * since the passwords exist nowhere else.
 */
export function ImportCredentialsModal({ users, fileTag, onClose }: Props) {
  const toast = useToast();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [downloaded, setDownloaded] = useState(false);

  async function download() {
    if (!users) return;
    setBusy(true);
    try {
      const blob = await credentialsPdf(users, signInAddress());
      downloadFile(`fahrplan-zugangsdaten-${fileTag}.pdf`, blob);
      setDownloaded(true);
    } catch (err) {
      console.error(err);
      toast.show("Fehler beim Erstellen der PDF-Datei", "error");
    } finally {
      setBusy(false);
    }
  }

  async function close() {
    if (!downloaded) {
      const sure = await confirm({
        title: "Zugangsdaten schließen?",
        message:
          "Die Passwörter werden danach nicht mehr angezeigt. Haben Sie die Zugangsdaten heruntergeladen oder notiert?",
        confirmLabel: "Schließen",
        cancelLabel: "Zurück",
        variant: "warning",
      });
      if (!sure) return;
    }
    setDownloaded(false);
    onClose();
  }

  return (
    <Modal
      open={users !== null}
      title="Zugangsdaten"
      size="large"
      onClose={close}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={close}>
            Fertig
          </button>
          <BusyButton busy={busy} busyLabel="PDF wird erstellt..." onClick={download}>
            Zugangsdaten herunterladen
          </BusyButton>
        </>
      }
    >
      {users && (
        <div className="stack">
          <div className="alert alert-warning" role="note">
            Die Passwörter werden nur dieses eine Mal angezeigt. Laden Sie die Zugangsdaten als PDF
            herunter (eine Karte pro Person zum Ausdrucken), bevor Sie das Fenster schließen.
          </div>
          <p>
            {users.length === 1
              ? "1 Konto wurde angelegt."
              : `${users.length} Konten wurden angelegt.`}
          </p>
          <SimpleTable
            labels={["Name", "Benutzername", "Passwort"]}
            wrapClassName="credentials-table-wrap"
            tableClassName="credentials-table"
          >
            {users.map((user) => (
              <tr key={user.username}>
                <td>{user.name}</td>
                <td>
                  <code>{user.username}</code>
                </td>
                <td>
                  <code>{user.password}</code>
                </td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      )}
    </Modal>
  );
}
