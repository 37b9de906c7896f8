import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Column, SortState } from "./data_table.tsx";
import { ListPage } from "./list_page.tsx";

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [{
  key: "name",
  header: "Name",
  sortKey: "name",
  render: (r) => r.name,
}];
const sort: SortState = { by: "name", direction: "asc" };

describe("ListPage", () => {
  it("shows heading, search, rows and pages of a paged list and reports what the user does", () => {
    const seen: string[] = [];
    render(
      <ListPage
        title="Termine"
        description="Chronologische Übersicht"
        list={{
          rows: [{ id: 7, name: "Anna Becker" }],
          loading: false,
          sort,
          setSort: (next) => seen.push(`sort ${next.by} ${next.direction}`),
          search: "",
          setSearch: (text) => seen.push(`search ${text}`),
          page: 1,
          totalPages: 3,
          setPage: (page) => seen.push(`page ${page}`),
        }}
        search={{ label: "Termine suchen", placeholder: "Name suchen..." }}
        pagesLabel="Seiten der Terminliste"
        tableLabel="Termine"
        columns={columns}
        emptyMessage="Keine Termine gefunden"
      />,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Termine");
    expect(document.title).toBe("Termine – Fahrplan");
    const table = screen.getByRole("table", { name: "Termine" });
    expect(within(table).getByText("Anna Becker")).toBeTruthy();

    const search = screen.getByLabelText("Termine suchen");
    fireEvent.change(search, { target: { value: "Anna" } });
    fireEvent.keyDown(search, { key: "Enter" });
    fireEvent.click(within(table).getByRole("button", { name: "Name" }));
    const pages = screen.getByRole("navigation", { name: "Seiten der Terminliste" });
    fireEvent.click(within(pages).getByRole("button", { name: "Seite 2" }));
    expect(seen).toEqual(["search Anna", "sort name desc", "page 2"]);
  });

  it("leaves search and pages out for a list without them, and says when it is empty", () => {
    const { container } = render(
      <ListPage
        title="Fahrzeuge"
        description="0 Fahrzeuge im Fuhrpark"
        list={{ rows: [], loading: false, sort, setSort: () => {} }}
        search={{ label: "Fahrzeuge suchen", placeholder: "" }}
        pagesLabel="Seiten der Fahrzeugliste"
        tableLabel="Fahrzeuge"
        columns={columns}
        emptyMessage="Keine Fahrzeuge gefunden"
      />,
    );
    expect(screen.getByText("Keine Fahrzeuge gefunden")).toBeTruthy();
    expect(screen.queryByRole("search")).toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(container.querySelector(".page-header-actions")).toBeNull();
  });
});
