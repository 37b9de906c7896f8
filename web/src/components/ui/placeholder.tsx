import { usePageTitle } from "../../lib/page_title.ts";

/** A screen that a later step builds; says so in German. */
export function Placeholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="muted">
        Dieser Bereich wird gerade aufgebaut und steht in Kürze zur Verfügung.
      </p>
    </section>
  );
}
