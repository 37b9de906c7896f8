import { Link } from "react-router";
import { Modal } from "../../components/ui/modal.tsx";

/** Says where appointments come from: only the AI planning creates them (spec 01 §1). */
export function PlanningInfoDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal
      open
      title="Termin hinzufügen"
      onClose={onClose}
      size="small"
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Schließen
          </button>
          <Link to="/admin-panel" className="button button-primary" onClick={onClose}>
            Zur KI-Planung
          </Link>
        </>
      }
    >
      <p className="appointments-info-text">
        Termine werden von der KI-Planung erstellt. Starten Sie die Planung im Dashboard: sie
        verteilt die Fahrstunden der nächsten 30 Tage automatisch auf Fahrschüler, Fahrlehrer und
        Fahrzeuge und berücksichtigt dabei alle Verfügbarkeiten.
      </p>
    </Modal>
  );
}
