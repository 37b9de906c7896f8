import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { de } from "../../i18n/de.ts";
import type { AnswerOf, ContractRoute, QueryOf } from "../../../../common/contract/routes.ts";
import { call, routePath } from "../../lib/api.ts";
import { listKey } from "../../lib/query_keys.ts";
import "./data_table.css";
import { Icon } from "./icons.tsx";

/** One column: its header, how a cell is drawn, and the server's sort key if it sorts. */
export interface Column<T> {
  key: string;
  header: string;
  render(row: T): ReactNode;
  /** the API's sort_by value; the header becomes a sort button */
  sortKey?: string;
  className?: string;
  /** header text only for screen readers (e.g. the actions column) */
  hiddenHeader?: boolean;
}

/** Which server field the list is sorted by, and in which direction. */
export interface SortState {
  by: string;
  direction: "asc" | "desc";
}

interface DataTableProps<T> {
  /** accessible name of the table */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  sort?: SortState;
  onSort?(sort: SortState): void;
  /** a click anywhere in the row (buttons inside stop their own clicks) */
  onRowClick?(row: T): void;
  loading?: boolean;
  emptyMessage: string;
}

/** A table that scrolls sideways on narrow screens, with server-side sort buttons. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, sort, onSort, onRowClick, loading, emptyMessage } = props;

  function toggle(sortKey: string) {
    if (!onSort) return;
    const direction = sort?.by === sortKey && sort.direction === "asc" ? "desc" : "asc";
    onSort({ by: sortKey, direction });
  }

  return (
    <div className="table-wrap data-table" aria-busy={loading || undefined}>
      <table className="table" aria-label={props.label}>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = column.sortKey && sort?.by === column.sortKey;
              const ariaSort = active
                ? (sort!.direction === "asc" ? "ascending" : "descending")
                : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={ariaSort} className={column.className}>
                  {column.sortKey && onSort
                    ? (
                      <button
                        type="button"
                        className="table-sort"
                        onClick={() => toggle(column.sortKey!)}
                      >
                        {column.header}
                      </button>
                    )
                    : column.hiddenHeader
                    ? <span className="sr-only">{column.header}</span>
                    : column.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={props.rowKey(row)}
              data-clickable={onRowClick ? "" : undefined}
              // A clickable row is reachable by Tab and opens with Enter, as the click does.
              tabIndex={onRowClick ? 0 : undefined}
              onKeyDown={onRowClick
                ? (e) => {
                  if (e.key === "Enter" && e.target === e.currentTarget) onRowClick(row);
                }
                : undefined}
              onClick={onRowClick
                ? (e) => {
                  // Clicks on the row's own controls are theirs, not the row's.
                  if ((e.target as HTMLElement).closest("button, a, input, select")) return;
                  onRowClick(row);
                }
                : undefined}
            >
              {columns.map((column) => (
                <td key={column.key} className={column.className}>{column.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && rows.length === 0 && (
        <div className="empty-state" role="status">
          <p className="empty-state-title">{emptyMessage}</p>
        </div>
      )}
      {loading && rows.length === 0 && (
        <div className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {de.list.loading}
        </div>
      )}
    </div>
  );
}

/** The page of a paged admin list in a route's answer (GET /admin/availabilities/ has another). */
type PageOf<R extends ContractRoute> = Extract<
  AnswerOf<R>,
  { results: unknown[]; total: number; total_pages: number }
>;

/** The contract's paged admin lists: GET routes whose answer is a page with a query. */
export type ListRoute = {
  [R in ContractRoute]: R extends `GET ${string}`
    ? [PageOf<R>] extends [never] ? never : [QueryOf<R>] extends [never] ? never : R
    : never;
}[ContractRoute];

/** One row of a paged admin list. */
export type ListRowOf<R extends ListRoute> = PageOf<R>["results"][number];

/** A list's own query parameters beside search, sort and page, e.g. { role: "instructor" }. */
type ListFilters<R extends ListRoute> = Omit<
  QueryOf<R>,
  "search" | "sort_by" | "sort_direction" | "page" | "page_size"
>;

interface ServerListOptions<R extends ListRoute> {
  defaultSort: SortState;
  pageSize?: number;
  /** fixed query parameters, e.g. { role: "instructor" } */
  params?: ListFilters<R>;
  /** called when loading fails */
  onError?(error: unknown): void;
  /** a failed load empties the list instead of keeping the rows shown before */
  clearOnError?: boolean;
  /** search, sort and page held outside, e.g. in the address (list_url_state.ts) */
  state?: Pick<
    ServerList<unknown>,
    "search" | "setSearch" | "sort" | "setSort" | "page" | "setPage"
  >;
}

/** The state of a searched, sorted, paged server list, and a reload function. */
export interface ServerList<T> {
  rows: T[];
  total: number;
  totalPages: number;
  page: number;
  setPage(page: number): void;
  search: string;
  setSearch(search: string): void;
  sort: SortState;
  setSort(sort: SortState): void;
  loading: boolean;
  reload(): void;
}

/** The query of an admin list call: its filters, search, sort and page. */
function listQuery<R extends ListRoute>(
  state: { search: string; sort: SortState; page: number; pageSize: number },
  params: ListFilters<R> | undefined,
): QueryOf<R> {
  return {
    ...params,
    search: state.search,
    sort_by: state.sort.by,
    sort_direction: state.sort.direction,
    page: state.page,
    page_size: state.pageSize,
    // Every list route's query has these five (listQuerySchema); tsc cannot see it for any R.
  } as unknown as QueryOf<R>;
}

/** One page of a list route (the cast: a generic route's options are not narrowed by tsc). */
function loadPage<R extends ListRoute>(
  route: R,
  query: QueryOf<R>,
  signal?: AbortSignal,
): Promise<PageOf<R>> {
  const load = call as (route: ListRoute, options: object) => Promise<unknown>;
  return load(route, { query, signal }) as Promise<PageOf<R>>;
}

/**
 * Loads the list `route` with search, sort and page parameters. The shown page stays on screen
 * while the next one loads; the query library drops an answer that arrives after a newer question.
 * `Row` narrows the contract's row where a screen knows more (the people lists by role).
 */
export function useServerList<R extends ListRoute, Row extends ListRowOf<R> = ListRowOf<R>>(
  route: R,
  options: ServerListOptions<R>,
): ServerList<Row> {
  const path = routePath(route);
  const pageSize = options.pageSize ?? 20;
  const [ownSearch, setSearchState] = useState("");
  const [ownSort, setSortState] = useState(options.defaultSort);
  const [ownPage, setPageState] = useState(1);
  const held = options.state;
  const search = held ? held.search : ownSearch;
  const sort = held ? held.sort : ownSort;
  const page = held ? held.page : ownPage;
  const setPageTo = held ? held.setPage : setPageState;
  const heldSetSearch = held?.setSearch;
  const heldSetSort = held?.setSort;
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const clearOnError = options.clearOnError ?? false;
  const params = options.params;
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: [...listKey(path), params ?? {}, { search, sort, page, pageSize }],
    queryFn: ({ signal }) =>
      loadPage(route, listQuery<R>({ search, sort, page, pageSize }, params), signal),
    placeholderData: keepPreviousData,
  });
  const answer = list.isError && clearOnError ? undefined : list.data;

  // A page past the end (after a delete or a narrower search) moves back to the last one.
  const lastPage = list.data?.total_pages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPageTo(Math.max(1, lastPage));
  }, [lastPage, page, setPageTo]);

  // The screen says so once per failed load (after the library's retries).
  const { error, errorUpdatedAt } = list;
  useEffect(() => {
    if (error) onError.current?.(error);
  }, [error, errorUpdatedAt]);

  const totalPages = Math.max(1, answer?.total_pages ?? 1);
  return {
    rows: (answer?.results ?? []) as Row[],
    total: answer?.total ?? 0,
    totalPages,
    page,
    setPage: useCallback((next: number) => setPageTo(Math.max(1, next)), [setPageTo]),
    search,
    setSearch: useCallback((next: string) => {
      if (heldSetSearch) return heldSetSearch(next);
      setSearchState(next);
      setPageState(1);
    }, [heldSetSearch]),
    sort,
    setSort: useCallback((next: SortState) => {
      if (heldSetSort) return heldSetSort(next);
      setSortState(next);
      setPageState(1);
    }, [heldSetSort]),
    loading: list.isFetching,
    reload: useCallback(
      () => void queryClient.invalidateQueries({ queryKey: listKey(path) }),
      [queryClient, path],
    ),
  };
}

/** Fetches every page of an admin list (100 rows a call), e.g. for an export. */
export async function fetchAllPages<R extends ListRoute, Row extends ListRowOf<R> = ListRowOf<R>>(
  route: R,
  state: { search: string; sort: SortState },
  params?: ListFilters<R>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1;; page++) {
    const data = await loadPage(route, listQuery<R>({ ...state, page, pageSize: 100 }, params));
    rows.push(...(data.results as Row[]));
    if (page >= (data.total_pages ?? 1) || data.results.length === 0) return rows;
  }
}

interface RowActionsProps {
  /** the person or thing of the row, for the buttons' German names */
  name: string;
  onEdit(): void;
  onDelete(): void;
}

/** The edit and delete icon buttons of a row, named '{name} bearbeiten' / '{name} löschen'. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="table-actions">
      <button
        type="button"
        className="icon-button"
        aria-label={`${name} bearbeiten`}
        title="Bearbeiten"
        onClick={onEdit}
      >
        <Icon name="edit" />
      </button>
      <button
        type="button"
        className="icon-button icon-button-danger"
        aria-label={`${name} löschen`}
        title="Löschen"
        onClick={onDelete}
      >
        <Icon name="trash" />
      </button>
    </div>
  );
}
