import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, useLocation } from "react-router";
import { schoolDay } from "../../../../common/time.ts";
import { lastExportDay } from "../../../../common/export_range.ts";
import { germanDate } from "../../../../common/german_words.ts";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

// Issue 25, point 6: next lessons first, the list's state in the address, a clear inverted range.
const state = vi.hoisted(() => ({ asked: [] as URLSearchParams[] }));
vi.mock("../../lib/api.ts", async (importActual) => {
  const actual = await importActual<typeof import("../../lib/api.ts")>();
  return {
    ...actual,
    // The list's query string as the typed client builds it from the query object.
    call: (route: string, options: { query?: Record<string, string | number> }) => {
      const path = actual.routePath(route, {}, options.query);
      state.asked.push(new URLSearchParams(path.split("?")[1] ?? ""));
      return Promise.resolve({ results: [], total: 120, total_pages: 3, page: 1, page_size: 50 });
    },
  };
});

const { default: AppointmentsScreen } = await import("./appointments_screen.tsx");

afterEach(() => {
  cleanup();
  state.asked = [];
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function open(address: string) {
  return render(
    <WithQueryClient>
      <ToastProvider>
        <MemoryRouter initialEntries={[address]}>
          <AppointmentsScreen />
          <Address />
        </MemoryRouter>
      </ToastProvider>
    </WithQueryClient>,
  );
}

const lastAsked = () => Object.fromEntries(state.asked.at(-1)!.entries());
const address = () => new URLSearchParams(screen.getByTestId("address").textContent ?? "");

function type(label: string, text: string) {
  const field = screen.getByLabelText(label, { exact: true });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

describe("/appointments (issue 25, point 6)", () => {
  it("opens with 'Ab heute' and the next lessons first", async () => {
    open("/appointments");
    await vi.waitFor(() => expect(state.asked.length).toBeGreaterThan(0));
    expect(lastAsked()).toMatchObject({
      from: schoolDay(),
      to: "",
      sort_by: "start_time",
      sort_direction: "asc",
      page: "1",
    });
    expect(screen.getByRole("button", { name: "Ab heute" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("reads search, sort, page and range from the address, so Back and reload keep them", async () => {
    open(
      "/appointments?suche=Lena&sortierung=student_name&richtung=desc&seite=2&von=&bis=2026-12-31",
    );
    await vi.waitFor(() => expect(state.asked.length).toBeGreaterThan(0));
    expect(lastAsked()).toMatchObject({
      search: "Lena",
      sort_by: "student_name",
      sort_direction: "desc",
      page: "2",
      from: "",
      to: "2026-12-31",
    });
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("Lena");
    expect((screen.getByLabelText("Bis", { exact: true }) as HTMLInputElement).value).toBe(
      "31.12.2026",
    );
  });

  it("writes a new sort, range and search into the address", async () => {
    open("/appointments");
    await vi.waitFor(() => expect(state.asked.length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("button", { name: "Alle" }));
    await vi.waitFor(() => expect(address().get("von")).toBe(""));
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "Becker" } });
    fireEvent.keyDown(screen.getByRole("searchbox"), { key: "Enter" });
    await vi.waitFor(() => expect(address().get("suche")).toBe("Becker"));
    await vi.waitFor(() => expect(lastAsked()).toMatchObject({ search: "Becker", from: "" }));
  });

  it("an inverted range says 'Bis liegt vor Von.' instead of a wrong format", async () => {
    open("/appointments");
    type("Von", "10.12.2026");
    type("Bis", "05.12.2026");
    expect(await screen.findByText("Bis liegt vor Von.")).toBeTruthy();
    expect(screen.queryByText("Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben."))
      .toBeNull();
  });
});

describe("exports cover at most a year (issue 24)", () => {
  afterEach(() => vi.unstubAllGlobals());

  function exportExcel() {
    fireEvent.click(screen.getByRole("button", { name: "Hinzufügen / Export" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "Als Excel exportieren" }));
  }

  it("a range wider than a year is refused with the reason, without asking the API", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    open("/appointments?von=2026-01-01&bis=2027-06-30");
    exportExcel();
    expect(
      await screen.findByText(
        "Fehler beim Excel-Export: Ein Export umfasst höchstens ein Jahr. Bitte Von und Bis enger wählen.",
      ),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("'Ab heute' exports the list's range and says it ends a year later", async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response("x", {
          headers: { "Content-Disposition": 'attachment; filename="fahrplan-termine.xlsx"' },
        }),
      )
    );
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL() {} }),
    );
    open("/appointments");
    exportExcel();
    const today = schoolDay();
    const end = lastExportDay(today);
    expect(
      await screen.findByText(
        `Der Export umfasst höchstens ein Jahr: ${germanDate(today)} – ${germanDate(end)}.`,
      ),
    ).toBeTruthy();
    const asked = new URLSearchParams(
      (fetch.mock.calls[0] as unknown as [string])[0].split("?")[1],
    );
    expect([asked.get("from"), asked.get("to")]).toEqual([today, ""]);
  });

  it("a 400 of the API shows its German message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        Promise.resolve(
          Response.json({ error: "Von: Bitte ein Datum im Format JJJJ-MM-TT angeben." }, {
            status: 400,
          }),
        )
      ),
    );
    open("/appointments?von=2026-12-01&bis=2026-12-31");
    exportExcel();
    expect(
      await screen.findByText(
        "Fehler beim Excel-Export: Von: Bitte ein Datum im Format JJJJ-MM-TT angeben.",
      ),
    ).toBeTruthy();
  });
});
