import { type ReactNode, useState } from "react";
import { Modal } from "./modal.tsx";
import { useToast } from "./toast.tsx";
import "./credentials_modal.css";

/** The sign-in of a person just created; the password exists only in this answer. */
export interface Credentials {
  name: string;
  username: string;
  password: string;
}

interface CredentialsModalProps {
  credentials: Credentials | null;
  onClose(): void;
  /** default "Zugangsdaten" (a new account) */
  title?: string;
  /** the sentence above the data; default: the account was created */
  intro?: (credentials: Credentials) => ReactNode;
  /** more footer buttons before "Fertig" (the reset's credentials card) */
  actions?: ReactNode;
}

/**
 * Shows a new person's username and password once, with a copy button. The caller forgets the
 * credentials on close, so reopening anything never shows the password again.
 */
export function CredentialsModal(
  { credentials, onClose, title = "Zugangsdaten", intro, actions }: CredentialsModalProps,
) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!credentials) return;
    const text = `Benutzername: ${credentials.username}\nPasswort: ${credentials.password}`;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.show("Zugangsdaten kopiert", "success");
    } catch {
      toast.show("Kopieren fehlgeschlagen", "error");
    }
  }

  return (
    <Modal
      open={credentials !== null}
      title={title}
      size="small"
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={copy}>
            {copied ? "Kopiert" : "Kopieren"}
          </button>
          {actions}
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Fertig
          </button>
        </>
      }
    >
      {credentials && (
        <div className="stack">
          <p>
            {intro ? intro(credentials) : (
              <>
                Das Konto für <strong>{credentials.name}</strong> wurde angelegt.
              </>
            )}
          </p>
          <dl className="credentials-list">
            <dt>Benutzername</dt>
            <dd>
              <code data-testid="credentials-username">{credentials.username}</code>
            </dd>
            <dt>Passwort</dt>
            <dd>
              <code data-testid="credentials-password">{credentials.password}</code>
            </dd>
          </dl>
          <div className="alert alert-warning" role="note">
            Das Passwort wird nur dieses eine Mal angezeigt. Bitte geben Sie es sicher weiter.
          </div>
        </div>
      )}
    </Modal>
  );
}
