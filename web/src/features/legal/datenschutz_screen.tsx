import { LegalPage } from "./legal_page.tsx";

const sections = [
  ["verantwortlicher", "Verantwortlicher"],
  ["ueberblick", "Überblick und Rechtsgrundlagen"],
  ["logfiles", "Server-Logfiles"],
  ["konten", "Registrierung und Benutzerkonten"],
  ["planung", "Fahrstunden- und Verfügbarkeitsdaten"],
  ["fragebogen", "Online-Fragebogen"],
  ["hosting", "Hosting"],
  ["sicherheit", "Datensicherheit"],
  ["cookies", "Cookies und lokale Speicherung"],
  ["empfaenger", "Empfänger und Auftragsverarbeitung"],
  ["speicherdauer", "Speicherdauer"],
  ["rechte", "Ihre Rechte"],
] as const;

/** /datenschutz: the privacy policy (spec 02 §2). */
export default function DatenschutzScreen() {
  return (
    <LegalPage title="Datenschutzerklärung">
      <nav className="legal-toc" aria-label="Inhalt">
        <strong>Inhalt</strong>
        <ol>
          {sections.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ol>
      </nav>

      <h2 id="verantwortlicher">1. Verantwortlicher</h2>
      <p>Verantwortlich für die Datenverarbeitung auf dieser Website im Sinne der DSGVO ist:</p>
      <address>
        Fahrplan GmbH<br />
        Emil-Figge-Straße 42, 44227 Dortmund<br />
        Telefon: +49 231 9876 540<br />
        E-Mail: <a href="mailto:datenschutz@fahrplan-app.de">datenschutz@fahrplan-app.de</a>
      </address>
      <p>
        Nutzt Ihre Fahrschule Fahrplan für die Planung ihrer Fahrstunden, ist die Fahrschule für die
        Daten ihrer Fahrlehrerinnen, Fahrlehrer, Fahrschülerinnen und Fahrschüler verantwortlich;
        wir verarbeiten diese Daten dann in ihrem Auftrag (Abschnitt 10).
      </p>

      <h2 id="ueberblick">2. Überblick und Rechtsgrundlagen</h2>
      <p>
        Wir verarbeiten personenbezogene Daten nur, soweit dies für den Betrieb von Fahrplan und die
        Planung von Fahrstunden erforderlich ist. Rechtsgrundlagen sind insbesondere Art. 6 Abs. 1
        lit. b DSGVO (Durchführung des Ausbildungsvertrags mit der Fahrschule bzw. des
        Arbeitsverhältnisses), Art. 6 Abs. 1 lit. c DSGVO (gesetzliche Pflichten) und Art. 6 Abs. 1
        lit. f DSGVO (berechtigtes Interesse an einem sicheren und stabilen Betrieb). Wir setzen
        keine Werbe- oder Analysedienste ein und verkaufen keine Daten.
      </p>

      <h2 id="logfiles">3. Server-Logfiles</h2>
      <p>
        Bei jedem Aufruf erfasst der Server technisch notwendige Angaben: IP-Adresse, Datum und
        Uhrzeit der Anfrage, aufgerufene Adresse, HTTP-Statuscode, übertragene Datenmenge sowie
        Browser und Betriebssystem (User-Agent). Diese Daten dienen ausschließlich der Fehlersuche
        und der Abwehr von Angriffen (Art. 6 Abs. 1 lit. f DSGVO), werden nicht mit anderen Daten
        zusammengeführt und nach spätestens 14 Tagen gelöscht.
      </p>
      <p>
        Zum Schutz vor dem Erraten von Passwörtern zählen wir fehlgeschlagene Anmeldeversuche je
        Benutzerkonto und je IP-Adresse für 15 Minuten und löschen die Einträge nach spätestens
        einem Tag. Nach einer erfolgreichen Anmeldung merkt sich ein Cookie („deviceid“, ein Jahr)
        Ihren Browser, damit Fremde Ihr Konto nicht durch falsche Passwörter für Sie sperren können.
      </p>
      <p>
        Änderungen der Verwaltung (etwa Anlegen, Bearbeiten und Löschen von Personen, Importe,
        Planungsläufe und das Löschen von Daten) speichern wir in einem Aktivitätsprotokoll: wer die
        Änderung vorgenommen hat, wann, und eine kurze Beschreibung, die den Namen der betroffenen
        Person enthalten kann. Das Protokoll sieht nur die Verwaltung im Dashboard; es macht
        Änderungen nachvollziehbar (Art. 6 Abs. 1 lit. f DSGVO). Wird eine Person gelöscht, ersetzt
        das Protokoll ihren Namen durch „Gelöschte Person #…“. Einträge werden nach der von der
        Fahrschule eingestellten Frist gelöscht (ohne Einstellung nach 24 Monaten).
      </p>

      <h2 id="konten">4. Registrierung und Benutzerkonten</h2>
      <p>
        Benutzerkonten legt ausschließlich die Fahrschule an, entweder direkt oder durch die
        Freigabe eines Online-Fragebogens. Gespeichert werden Benutzername (in der Regel die
        E-Mail-Adresse), Vor- und Nachname, E-Mail-Adresse, Telefonnummer, die Rolle (Verwaltung,
        Fahrlehrer oder Fahrschüler) sowie das Passwort in gehashter Form. Die Angaben sind
        erforderlich, um Ihnen den Zugang zu Ihren Terminen und Verfügbarkeiten zu ermöglichen (Art.
        6 Abs. 1 lit. b DSGVO).
      </p>

      <h2 id="planung">5. Verarbeitung von Fahrstunden- und Verfügbarkeitsdaten</h2>
      <p>Für die Planung der Fahrstunden verarbeiten wir:</p>
      <ul>
        <li>
          wöchentliche Verfügbarkeiten, Arbeits-, Schul- und Pausenzeiten, Urlaube und sonstige
          Abwesenheiten,
        </li>
        <li>
          Ausbildungsangaben der Fahrschülerinnen und Fahrschüler (z. B. Führerscheinklasse,
          Getriebeart, benötigte Fahrstunden, bevorzugte Fahrlehrer),
        </li>
        <li>
          Qualifikationen, Stundenziele und Arbeitszeiten der Fahrlehrerinnen und Fahrlehrer sowie
          die Fahrzeuge der Fahrschule,
        </li>
        <li>die geplanten Termine mit Datum, Uhrzeit, Fahrzeug und Status.</li>
      </ul>
      <p>
        Die KI-Planung erstellt aus diesen Angaben Terminvorschläge. Sie läuft vollständig auf
        unseren eigenen Servern; es werden keine Daten an externe KI-Dienste übermittelt. Die
        Termine werden von der Fahrschule verantwortet und können jederzeit von ihr geändert werden;
        eine ausschließlich automatisierte Entscheidung mit rechtlicher Wirkung im Sinne von Art. 22
        DSGVO findet nicht statt.
      </p>

      <h2 id="fragebogen">6. Online-Fragebogen</h2>
      <p>
        Über einen persönlichen Link der Fahrschule können angehende Fahrschülerinnen und
        Fahrschüler ohne Anmeldung einen Fragebogen ausfüllen (Name, Kontaktdaten, Angaben zur
        Ausbildung und zu Verfügbarkeiten). Die Angaben werden an die Fahrschule übermittelt, die
        sie prüft und daraufhin ein Benutzerkonto anlegt (Art. 6 Abs. 1 lit. b DSGVO,
        vorvertragliche Maßnahmen). Nicht freigegebene Fragebögen werden nach spätestens sechs
        Monaten gelöscht.
      </p>

      <h2 id="hosting">7. Hosting</h2>
      <p>
        Fahrplan wird auf Servern in Rechenzentren innerhalb der Europäischen Union betrieben. Der
        Hosting-Dienstleister verarbeitet die Daten ausschließlich in unserem Auftrag und nach
        unseren Weisungen auf Grundlage eines Vertrags zur Auftragsverarbeitung gemäß Art. 28 DSGVO.
        Eine Übermittlung in Drittländer findet nicht statt.
      </p>

      <h2 id="sicherheit">8. Datensicherheit</h2>
      <ul>
        <li>
          Alle Verbindungen zwischen Ihrem Gerät und unseren Servern sind per TLS (HTTPS)
          verschlüsselt.
        </li>
        <li>
          Passwörter werden nie im Klartext gespeichert, sondern mit dem Verfahren argon2id gehasht.
        </li>
        <li>
          Sitzungen werden serverseitig nur als Prüfsumme (SHA-256) eines zufälligen Schlüssels
          gespeichert und bei der Abmeldung gelöscht.
        </li>
        <li>
          Jede ändernde Anfrage ist durch ein CSRF-Token gegen Missbrauch durch fremde Websites
          geschützt; Zugriffe werden serverseitig nach Rolle und Eigentum geprüft.
        </li>
      </ul>

      <h2 id="cookies">9. Cookies und lokale Speicherung</h2>
      <p>Wir verwenden ausschließlich zwei technisch notwendige Cookies:</p>
      <ul>
        <li>
          <strong>Sitzungs-Cookie</strong>{" "}
          (<code>sessionid</code>): hält Sie nach der Anmeldung angemeldet und wird bei der
          Abmeldung gelöscht.
        </li>
        <li>
          <strong>CSRF-Cookie</strong>{" "}
          (<code>csrftoken</code>): schützt Formulare und Änderungen vor gefälschten Anfragen.
        </li>
      </ul>
      <p>
        Es gibt keine Tracking-, Analyse- oder Werbe-Cookies und keine Einbindung von Diensten
        Dritter. Eine Einwilligung ist für technisch notwendige Cookies nicht erforderlich (§ 25
        Abs. 2 Nr. 2 TDDDG).
      </p>
      <p>
        Zusätzlich speichert die App einige Angaben nur lokal in Ihrem Browser (Local Storage und
        IndexedDB); sie werden nicht an uns übertragen, solange Sie sie nicht selbst absenden:
      </p>
      <ul>
        <li>Ihre Wahl zwischen hellem und dunklem Design,</li>
        <li>ob Sie das Tutorial bereits abgeschlossen haben,</li>
        <li>
          für die Offline-Nutzung eine Kopie Ihrer Verfügbarkeiten, Abwesenheiten und Termine sowie
          offline vorgenommene Änderungen, bis sie an den Server gesendet wurden.
        </li>
      </ul>
      <p>
        Persönliche Offline-Daten werden bei der Abmeldung gelöscht. Alle lokal gespeicherten
        Angaben können Sie jederzeit über die Einstellungen Ihres Browsers entfernen.
      </p>

      <h2 id="empfaenger">10. Empfänger und Auftragsverarbeitung</h2>
      <p>
        Ihre Daten sehen nur die Fahrschule, bei der Sie angemeldet sind, und – im Rahmen ihrer
        Aufgaben – deren Mitarbeitende. Fahrlehrerinnen, Fahrlehrer, Fahrschülerinnen und
        Fahrschüler sehen nur ihre eigenen Termine und Verfügbarkeiten. Gegenüber der Fahrschule
        handeln wir als Auftragsverarbeiter nach Art. 28 DSGVO.
      </p>

      <h2 id="speicherdauer">11. Speicherdauer</h2>
      <p>
        Wir speichern personenbezogene Daten, solange das Benutzerkonto besteht oder die Fahrschule
        sie für die Ausbildung benötigt. Löscht die Fahrschule ein Konto, werden die zugehörigen
        Verfügbarkeiten und Termine entfernt, soweit keine gesetzlichen Aufbewahrungspflichten
        entgegenstehen.
      </p>

      <h2 id="rechte">12. Ihre Rechte</h2>
      <p>Sie haben nach der DSGVO jederzeit das Recht auf</p>
      <ul>
        <li>Auskunft über die zu Ihrer Person gespeicherten Daten (Art. 15 DSGVO),</li>
        <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
        <li>Löschung Ihrer Daten (Art. 17 DSGVO),</li>
        <li>Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
        <li>
          Unterrichtung über Berichtigung, Löschung oder Einschränkung gegenüber Empfängern (Art. 19
          DSGVO),
        </li>
        <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
        <li>
          Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO).
        </li>
      </ul>
      <p>
        Wenden Sie sich dazu an Ihre Fahrschule oder an{" "}
        <a href="mailto:datenschutz@fahrplan-app.de">datenschutz@fahrplan-app.de</a>.
      </p>
      <p>
        Außerdem haben Sie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren
        (Art. 77 DSGVO). Für uns zuständig ist die Landesbeauftragte für Datenschutz und
        Informationsfreiheit Nordrhein-Westfalen, Kavalleriestraße 2–4, 40213 Düsseldorf.
      </p>
    </LegalPage>
  );
}
