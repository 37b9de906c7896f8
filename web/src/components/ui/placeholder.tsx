import { usePageTitle } from "../../lib/page_title.ts";
import { Icon } from "./icons.tsx";

/** A screen that a later step builds; says so in German. */
export function Placeholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="card empty-state">
        <Icon name="wrench" strokeWidth={1.6} />
        <p className="empty-state-title">In Vorbereitung</p>
        <p className="muted">
          Dieser Bereich wird gerade aufgebaut und steht in Kürze zur Verfügung.
        </p>
      </div>
    </section>
  );
}
