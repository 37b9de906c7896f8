import { de } from "../../i18n/de.ts";
import "./pagination.css";
/** The page numbers shown around the current page (spec: a window of 5). */
export const paginationWindow = 5;

/** The page numbers to show: up to 5 consecutive pages around `page`, within 1..totalPages. */
export function pageWindow(page: number, totalPages: number): number[] {
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  const start = Math.max(1, Math.min(current - Math.floor(paginationWindow / 2), last - 4));
  const end = Math.min(last, start + paginationWindow - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
  /** what is paged, for the navigation's accessible name */
  label?: string;
}

/**
 * First, previous, five page numbers, next, last; never leaves 1..totalPages. Hidden for a single
 * page. First and last matter in long lists (64 pages of availabilities), where five numbers
 * around the current page never reach the end.
 */
export function Pagination(
  { page, totalPages, onPage, label = de.pagination.label }: PaginationProps,
) {
  if (totalPages <= 1) return null;
  const go = (next: number) => onPage(Math.min(Math.max(1, next), totalPages));
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        onClick={() => go(1)}
        disabled={page <= 1}
        aria-label={de.pagination.first}
      >
        «
      </button>
      <button
        type="button"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        aria-label={de.pagination.previous}
      >
        ‹
      </button>
      {pageWindow(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => go(n)}
          aria-label={de.pagination.page(n)}
          aria-current={n === page ? "page" : undefined}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        onClick={() => go(page + 1)}
        disabled={page >= totalPages}
        aria-label={de.pagination.next}
      >
        ›
      </button>
      <button
        type="button"
        onClick={() => go(totalPages)}
        disabled={page >= totalPages}
        aria-label={de.pagination.last}
      >
        »
      </button>
    </nav>
  );
}
