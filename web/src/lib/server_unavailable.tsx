/**
 * The whole-page notice while the server cannot reach its database (a 503 at start): what is
 * wrong, that it retries by itself, and a button to retry now.
 */
export function ServerUnavailable({ message, retry }: { message: string; retry(): void }) {
  return (
    <main className="server-unavailable" role="alert">
      <h1>Fahrplan ist gerade nicht erreichbar</h1>
      <p>{message}</p>
      <p>Die Seite versucht es alle 10 Sekunden von selbst erneut.</p>
      <button type="button" className="button button-primary" onClick={retry}>
        Erneut versuchen
      </button>
    </main>
  );
}
