import { Modal } from "../../components/ui/modal.tsx";
import { de } from "../../i18n/de.ts";
import { displayName, type PersonRow } from "./people_types.ts";
import "../../components/ui/confirm_dialog.css";

interface Props {
  /** whose row; null when closed */
  row: PersonRow | null;
  /** "Fahrlehrer" or "Fahrschüler" */
  word: string;
  onCancel(): void;
  onDeactivate(row: PersonRow): void;
  onDelete(row: PersonRow): void;
}

/**
 * Deleting a person deletes their lessons, past ones too; deactivating keeps everything and only
 * ends the sign-in and the planning (issue 23). So the dialog offers "Deaktivieren" first and as
 * the main button, "Löschen" second.
 */
export function DeletePersonDialog({ row, word, onCancel, onDeactivate, onDelete }: Props) {
  const name = row ? displayName(row) : "";
  return (
    <Modal
      open={row !== null}
      title={`${word} löschen`}
      size="small"
      className="confirm-danger"
      onClose={onCancel}
      footer={row && (
        <>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Abbrechen
          </button>
          {row.is_active && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => onDeactivate(row)}
            >
              Deaktivieren
            </button>
          )}
          <button type="button" className="button button-danger" onClick={() => onDelete(row)}>
            {de.actions.delete}
          </button>
        </>
      )}
    >
      {row && (
        <div className="stack">
          <p>Möchten Sie {name} wirklich löschen?</p>
          <p className="muted">
            Beim Löschen werden auch alle Termine von {name} gelöscht, vergangene eingeschlossen.
            {" "}
            {row.is_active &&
              "Deaktivieren behält alles: Die Person kann sich nicht mehr anmelden und wird nicht mehr eingeplant; künftige Termine erscheinen bei „Betroffene neu planen“."}
          </p>
        </div>
      )}
    </Modal>
  );
}
