import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/page_title.ts";
import { type Column, DataTable, type SortState } from "./data_table.tsx";
import { Pagination } from "./pagination.tsx";
import { SearchInput } from "./search_input.tsx";

/** What a list page reads from its list: rows and sort, and search and pages where it has them. */
export interface ListState<T> {
  rows: T[];
  loading: boolean;
  sort: SortState;
  setSort(sort: SortState): void;
  search?: string;
  setSearch?(search: string): void;
  page?: number;
  totalPages?: number;
  setPage?(page: number): void;
}

interface ListPageProps<T> {
  /** the heading and the document title */
  title: string;
  /** the line under the heading */
  description: ReactNode;
  /** a class beside 'page' on the section, for the screen's own CSS */
  className?: string;
  /** the header's buttons and menus */
  actions?: ReactNode;
  list: ListState<T>;
  /** the search field; shown when the list can search */
  search?: { label: string; placeholder: string };
  /** more of the toolbar, after the search field */
  toolbar?: ReactNode;
  /** the page navigation's accessible name; pages are shown when the list has them */
  pagesLabel?: string;
  tableLabel: string;
  columns: Column<T>[];
  onRowClick?(row: T): void;
  emptyMessage: string;
  /** the page's dialogs and overlays */
  children?: ReactNode;
}

/**
 * One admin list screen: the header, the search toolbar, the server-sorted table and the page
 * navigation, laid out the same way on every list (spec 02 §2).
 */
export function ListPage<T extends { id: number }>(props: ListPageProps<T>) {
  const { list, search } = props;
  usePageTitle(props.title);
  return (
    <section className={props.className ? `page ${props.className}` : "page"}>
      <header className="page-header">
        <div>
          <h1>{props.title}</h1>
          <p>{props.description}</p>
        </div>
        {props.actions && <div className="page-header-actions">{props.actions}</div>}
      </header>
      {(search || props.toolbar) && (
        <div className="toolbar">
          {search && list.setSearch && (
            <div className="list-search">
              <SearchInput
                label={search.label}
                placeholder={search.placeholder}
                value={list.search ?? ""}
                onSearch={list.setSearch}
              />
            </div>
          )}
          {props.toolbar}
        </div>
      )}
      <DataTable
        label={props.tableLabel}
        columns={props.columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        sort={list.sort}
        onSort={list.setSort}
        onRowClick={props.onRowClick}
        loading={list.loading}
        emptyMessage={props.emptyMessage}
      />
      {props.pagesLabel && list.setPage && (
        <Pagination
          page={list.page ?? 1}
          totalPages={list.totalPages ?? 1}
          onPage={list.setPage}
          label={props.pagesLabel}
        />
      )}
      {props.children}
    </section>
  );
}
