import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { SortState } from "./data_table.tsx";

/** The search, sort and page of a list, read from and written to the address (issue 25, point 6). */
export interface ListUrlState {
  search: string;
  sort: SortState;
  page: number;
  setSearch(search: string): void;
  setSort(sort: SortState): void;
  setPage(page: number): void;
  /** one more value of the screen kept in the address (e.g. a date range); null when absent */
  extra(name: string): string | null;
  /** sets more values at once (null removes one) and goes back to page 1 */
  setExtra(values: Record<string, string | null>): void;
}

/**
 * Keeps a list's search, sort and page in the query string (`suche`, `sortierung`, `richtung`,
 * `seite`), so Back from another screen and a reload show the same rows. Written with `replace`:
 * each keystroke of a search is no history entry of its own.
 */
export function useListUrlState(
  defaultSort: SortState,
  sortKeys?: readonly string[],
): ListUrlState {
  const [params, setParams] = useSearchParams();
  const by = params.get("sortierung");
  const direction = params.get("richtung");
  const sort = useMemo<SortState>(() => ({
    by: by && (!sortKeys || sortKeys.includes(by)) ? by : defaultSort.by,
    direction: direction === "asc" || direction === "desc" ? direction : defaultSort.direction,
  }), [by, direction, defaultSort.by, defaultSort.direction, sortKeys]);
  const page = Math.max(1, Math.floor(Number(params.get("seite"))) || 1);

  const update = useCallback((values: Record<string, string | null>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(values)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    }, { replace: true });
  }, [setParams]);

  return {
    search: params.get("suche") ?? "",
    sort,
    page,
    setSearch: useCallback((search) => update({ suche: search || null, seite: null }), [update]),
    setSort: useCallback(
      (next) => update({ sortierung: next.by, richtung: next.direction, seite: null }),
      [update],
    ),
    setPage: useCallback(
      (next) => update({ seite: next > 1 ? String(Math.floor(next)) : null }),
      [update],
    ),
    extra: (name) => params.get(name),
    setExtra: useCallback((values) => update({ ...values, seite: null }), [update]),
  };
}
