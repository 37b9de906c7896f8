import { Modal } from "../../components/ui/modal.tsx";
import {
  recommendedTestDataSet as recommended,
  testDataSets,
  testDataSizesText,
} from "../../../../common/test_data_sets.ts";
import { downloadLinks } from "./api.ts";

interface Props {
  open: boolean;
  onClose(): void;
}

/** Describes the test-data package (12 Excel files) and downloads it (spec 01 §2, §9). */
export function TestDataModal({ open, onClose }: Props) {
  return (
    <Modal
      open={open}
      title="Testdaten herunterladen"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Schließen
          </button>
          <a className="button button-primary" href={downloadLinks.testData} download>
            ZIP herunterladen
          </a>
        </>
      }
    >
      <div className="stack">
        <p>
          Das Testdaten-Paket (ZIP, etwa 0,4 MB) enthält 12 Excel-Dateien: die beiden Vorlagen und
          10 Testdateien, je eine Fahrlehrer- und eine Fahrschüler-Datei für jeden der 5 Datensätze
          ({testDataSizesText()}). Alle Dateien haben genau das Format der Vorlagen.
        </p>
        <div className="table-wrap">
          <table className="table test-data-table">
            <caption className="sr-only">Die 5 Datensätze des Testdaten-Pakets</caption>
            <thead>
              <tr>
                <th scope="col">Datensatz</th>
                <th scope="col">Fahrlehrer</th>
                <th scope="col">Fahrschüler</th>
              </tr>
            </thead>
            <tbody>
              {testDataSets.map((set) => (
                <tr key={set.name}>
                  <th scope="row">
                    {set.name}
                    {set.name === recommended && (
                      <span className="badge badge-success test-data-badge">Empfohlen</span>
                    )}
                  </th>
                  <td>{set.instructors}</td>
                  <td>{set.students}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">
          Arbeitszeiten der Fahrlehrer: Montag bis Freitag 08:00–19:00 Uhr, Samstag 08:00–13:00 Uhr.
          Für den Einstieg empfehlen wir den Datensatz Mittel (10 Fahrlehrer, 50 Fahrschüler).
        </p>
        <ol className="test-data-steps">
          <li>ZIP herunterladen und entpacken.</li>
          <li>
            Zuerst die Fahrlehrer-Datei eines Datensatzes importieren, dann die Fahrschüler-Datei
            desselben Datensatzes.
          </li>
          <li>Die KI-Planung starten.</li>
        </ol>
      </div>
    </Modal>
  );
}
