import { usePageTitle } from "../../lib/page_title.ts";

/** A screen that a later step builds; says so in German. */
export function Placeholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="card empty-state">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5Z" />
        </svg>
        <p className="empty-state-title">In Vorbereitung</p>
        <p className="muted">
          Dieser Bereich wird gerade aufgebaut und steht in Kürze zur Verfügung.
        </p>
      </div>
    </section>
  );
}
