import { LegalPage } from "./legal_page.tsx";

/** /impressum: provider information under § 5 DDG (spec 02 §2). */
export default function ImpressumScreen() {
  return (
    <LegalPage title="Impressum">
      <h2>Angaben gemäß § 5 DDG</h2>
      <address>
        Fahrplan GmbH<br />
        Emil-Figge-Straße 42<br />
        44227 Dortmund<br />
        Deutschland
      </address>

      <h3>Vertreten durch die Geschäftsführer</h3>
      <p>Dr. Jana Krüger, Mehmet Aydın</p>

      <h3>Kontakt</h3>
      <dl>
        <dt>Telefon</dt>
        <dd>+49 231 9876 540</dd>
        <dt>E-Mail</dt>
        <dd>
          <a href="mailto:kontakt@fahrplan-app.de">kontakt@fahrplan-app.de</a>
        </dd>
      </dl>

      <h3>Registereintrag</h3>
      <p>
        Eintragung im Handelsregister beantragt. Registergericht: Amtsgericht Dortmund.
        Registernummer: Eintragung beantragt.
      </p>

      <h3>Umsatzsteuer-ID</h3>
      <p>
        Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: Eintragung beantragt.
      </p>

      <h3>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h3>
      <address>
        Dr. Jana Krüger<br />
        Fahrplan GmbH, Emil-Figge-Straße 42, 44227 Dortmund
      </address>

      <h2>Haftung für Inhalte</h2>
      <p>
        Als Diensteanbieter sind wir gemäß § 7 Abs. 1 DDG für eigene Inhalte auf diesen Seiten nach
        den allgemeinen Gesetzen verantwortlich. Nach §§ 8 bis 10 DDG sind wir als Diensteanbieter
        jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen
        oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.
      </p>
      <p>
        Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den
        allgemeinen Gesetzen bleiben hiervon unberührt. Eine diesbezügliche Haftung ist jedoch erst
        ab dem Zeitpunkt der Kenntnis einer konkreten Rechtsverletzung möglich. Bei Bekanntwerden
        entsprechender Rechtsverletzungen werden wir diese Inhalte umgehend entfernen.
      </p>
      <p>
        Die von der KI-Planung erstellten Terminvorschläge beruhen auf den Angaben der Fahrschule,
        ihrer Fahrlehrerinnen und Fahrlehrer sowie der Fahrschülerinnen und Fahrschüler. Für die
        Richtigkeit dieser Angaben und die Durchführung der Fahrstunden ist die jeweilige Fahrschule
        verantwortlich.
      </p>

      <h2>Haftung für Links</h2>
      <p>
        Unser Angebot enthält gegebenenfalls Links zu externen Websites Dritter, auf deren Inhalte
        wir keinen Einfluss haben. Deshalb können wir für diese fremden Inhalte auch keine Gewähr
        übernehmen. Für die Inhalte der verlinkten Seiten ist stets der jeweilige Anbieter oder
        Betreiber der Seiten verantwortlich. Die verlinkten Seiten wurden zum Zeitpunkt der
        Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige Inhalte waren zu diesem
        Zeitpunkt nicht erkennbar.
      </p>
      <p>
        Eine permanente inhaltliche Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte
        einer Rechtsverletzung nicht zumutbar. Bei Bekanntwerden von Rechtsverletzungen werden wir
        derartige Links umgehend entfernen.
      </p>

      <h2>Urheberrecht</h2>
      <p>
        Die durch die Seitenbetreiber erstellten Inhalte und Werke auf diesen Seiten unterliegen dem
        deutschen Urheberrecht. Die Vervielfältigung, Bearbeitung, Verbreitung und jede Art der
        Verwertung außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung des
        jeweiligen Autors bzw. Erstellers.
      </p>

      <h2>Verbraucherstreitbeilegung</h2>
      <p>
        Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
        Verbraucherschlichtungsstelle teilzunehmen.
      </p>
    </LegalPage>
  );
}
