import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/page_title.ts";
import "./legal.css";

/** The frame of a legal text: title, 'Stand' line, readable column. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title, { bare: true });
  return (
    <article className="page legal-page">
      <header className="legal-header">
        <h1>{title}</h1>
        <p className="legal-date">Stand: Oktober 2025</p>
      </header>
      <div className="card legal-card prose">{children}</div>
    </article>
  );
}
