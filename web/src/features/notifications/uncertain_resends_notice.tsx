/**
 * Messages the delivery worker sent again after it was stopped in the middle of sending them
 * (docs/decisions/0019): each may have reached its person twice. Nothing for the office to fix,
 * but it should know, e.g. when someone asks why an e-mail came twice; often means the server
 * restarts or crashes often.
 */
export function UncertainResendsNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="alert alert-info" role="note">
      Vielleicht doppelt zugestellt: {count === 1 ? "1 Nachricht" : `${count} Nachrichten`}{" "}
      in den letzten 30 Tagen. Der Versand wurde mitten im Senden unterbrochen (etwa durch einen
      Neustart des Servers) und danach wiederholt, daher kann eine Nachricht zweimal angekommen
      sein. Zu tun ist nichts: Eine doppelte E-Mail trägt dieselbe Kennung (Message-ID), viele
      E-Mail-Programme zeigen sie nur einmal. Kommt das häufig vor, sollte der Betrieb des Servers
      geprüft werden.
    </p>
  );
}
