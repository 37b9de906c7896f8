import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pageWindow, Pagination } from "./pagination.tsx";

afterEach(cleanup);

describe("pageWindow", () => {
  it("shows five pages around the current one, shifted at the ends", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
  it("stays within 1..total pages for pages out of range", () => {
    expect(pageWindow(40, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(-3, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });
});

describe("Pagination", () => {
  it("marks the current page and never goes past the ends", () => {
    const seen: number[] = [];
    render(<Pagination page={1} totalPages={3} onPage={(p) => seen.push(p)} />);
    expect(screen.getByRole("button", { name: "Seite 1" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect((screen.getByRole("button", { name: "Vorherige Seite" }) as HTMLButtonElement).disabled)
      .toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Nächste Seite" }));
    fireEvent.click(screen.getByRole("button", { name: "Seite 3" }));
    expect(seen).toEqual([2, 3]);
  });
  it("jumps to the first and the last page of a long list", () => {
    const seen: number[] = [];
    render(<Pagination page={7} totalPages={64} onPage={(p) => seen.push(p)} />);
    fireEvent.click(screen.getByRole("button", { name: "Letzte Seite" }));
    fireEvent.click(screen.getByRole("button", { name: "Erste Seite" }));
    expect(seen).toEqual([64, 1]);
    cleanup();
    render(<Pagination page={64} totalPages={64} onPage={() => {}} />);
    expect((screen.getByRole("button", { name: "Letzte Seite" }) as HTMLButtonElement).disabled)
      .toBe(true);
    expect((screen.getByRole("button", { name: "Erste Seite" }) as HTMLButtonElement).disabled)
      .toBe(false);
  });
  it("is not shown for a single page", () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPage={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});
