import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import type { ImportPreview, ImportResult } from "../../../../common/contract/imports.ts";
import { ImportPanel } from "./import_panel.tsx";

/**
 * The network is a fetch stub here (unit test of the screen); the answers are typed with the
 * shared contract (common/contract/imports.ts), which the API's tests check its answers against.
 * The real server is exercised end to end in tests/e2e/einstieg.spec.ts.
 */
interface Call {
  method: string;
  url: string;
  file: File | null;
}
let calls: Call[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

type Answer = (call: Call, signal?: AbortSignal) => Response | Promise<Response>;

function stubServer(answer: Answer) {
  calls = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
    if (url === "/api/csrf/") return Promise.resolve(json(200, { csrfToken: "t" }));
    const form = init.body instanceof FormData ? init.body : null;
    const call = {
      method: init.method ?? "GET",
      url,
      file: (form?.get("file") as File | null) ?? null,
    };
    calls.push(call);
    return Promise.resolve(answer(call, init.signal ?? undefined));
  });
}

function renderPanel() {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <ConfirmProvider>
          <ImportPanel />
        </ConfirmProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
}

function pick(kind: "instructors" | "students", file: File) {
  fireEvent.change(screen.getByTestId(`import-file-${kind}`), { target: { files: [file] } });
}

const xlsx = (name = "mittel_schueler.xlsx") =>
  new File(["PK\u0003\u0004 workbook"], name, {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });

/** A preview answer of POST /api/admin/import/students/?preview=1 (common/contract/imports.ts). */
const preview: ImportPreview = {
  preview: true,
  message: "48 Fahrschüler würden angelegt, 2 übersprungen.",
  total: 50,
  create_count: 48,
  skipped_count: 2,
  skipped: [{ row: 3, name: "Schüler 2", email: "s2@example.de", reason: "bereits vorhanden" }],
  rows: Array.from({ length: 12 }, (_, i) => ({
    row: i + 2,
    name: `Schüler ${i + 1}`,
    email: `s${i + 1}@example.de`,
    summary: "Klasse B · Kley",
    action: i === 1 ? "bereits vorhanden" : "wird angelegt",
  })),
  error_count: 0,
  errors: [],
  error_details: [],
};

/** The import result of spec 01 §3. */
const result: ImportResult = {
  message: "48 Fahrschüler importiert, 2 übersprungen.",
  total: 50,
  created_count: 48,
  created_users: [
    { name: "Mia Schulz", username: "mia.schulz", password: "Gx7-kP2q-Lm9" },
    { name: "Jürgen Weiß", username: "juergen.weiss", password: "Zt4-Wr8n-Qa1" },
  ],
  skipped_count: 2,
  skipped: [],
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("import section", () => {
  it("links the templates and describes the 12-file test-data package with the 5 sets", () => {
    stubServer(() => json(404, {}));
    renderPanel();
    const templates = screen.getAllByRole("link", { name: "Vorlage herunterladen" });
    expect(templates.map((a) => a.getAttribute("href"))).toEqual([
      "/api/admin/download/fahrlehrer-vorlage/",
      "/api/admin/download/schueler-vorlage/",
    ]);
    expect(screen.getByRole("link", { name: "Anleitung (Word)" }).getAttribute("href")).toBe(
      "/api/admin/download/tutorial/",
    );
    fireEvent.click(screen.getByRole("button", { name: "Testdaten herunterladen" }));
    const dialog = screen.getByRole("dialog", { name: "Testdaten herunterladen" });
    expect(dialog.textContent).toContain("12 Excel-Dateien");
    const rows = within(dialog).getAllByRole("row").slice(1).map((r) =>
      [...r.querySelectorAll("th, td")].map((c) => c.textContent)
    );
    expect(rows).toEqual([
      ["Klein", "5", "10"],
      ["MittelEmpfohlen", "10", "50"],
      ["Groß", "15", "100"],
      ["Mega", "20", "150"],
      ["Legendary", "25", "200"],
    ]);
    expect(within(dialog).getByRole("link", { name: "ZIP herunterladen" }).getAttribute("href"))
      .toBe("/api/admin/download/testdaten/");
  });

  it("names a wrong type or a file over 5 MB without uploading it", async () => {
    stubServer(() => json(500, {}));
    renderPanel();
    pick("instructors", new File(["x"], "liste.pdf", { type: "application/pdf" }));
    expect(screen.getByRole("dialog").textContent).toContain(
      "Bitte wählen Sie eine Excel-Datei (.xlsx) oder eine CSV-Datei (.csv).",
    );
    // Escape where the user is: react-aria's overlay listens on the focused element inside it,
    // and the dialog leaves the page only after its exit, so the test waits for that.
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const big = xlsx("gross.xlsx");
    Object.defineProperty(big, "size", { value: 5 * 1024 * 1024 + 1 });
    pick("instructors", big);
    expect(screen.getByRole("dialog").textContent).toContain("Die Datei ist größer als 5 MB.");
    expect(calls).toHaveLength(0);
  });

  it("previews, imports on 'Importieren', shows the result and then every created user", async () => {
    stubServer((call) => call.url.endsWith("?preview=1") ? json(200, preview) : json(200, result));
    renderPanel();
    const file = xlsx();
    pick("students", file);
    const dialog = await screen.findByRole("dialog", { name: "Fahrschüler importieren" });
    await within(dialog).findByText("Werden angelegt");
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/admin/import/students/?preview=1",
    });
    expect(calls[0].file?.name).toBe("mittel_schueler.xlsx");
    const counts = [...dialog.querySelectorAll(".import-counts dd")].map((d) => d.textContent);
    expect(counts).toEqual(["50", "48", "2", "0"]);
    // The first 10 rows as understood, the skipped one marked.
    expect(within(dialog).getAllByRole("row")).toHaveLength(11);
    expect(within(dialog).getByText("bereits vorhanden")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Importieren" }));
    const done = await screen.findByRole("dialog", { name: "Import abgeschlossen" });
    expect(calls[1]).toMatchObject({ method: "POST", url: "/api/admin/import/students/" });
    expect(calls[1].file?.name).toBe("mittel_schueler.xlsx");
    expect(calls[1].file?.size).toBe(file.size);
    expect(done.textContent).toContain("48 Fahrschüler importiert, 2 übersprungen.");
    expect([...done.querySelectorAll("dd")].map((d) => d.textContent)).toEqual(["50", "48", "2"]);

    fireEvent.click(within(done).getByRole("button", { name: "Zugangsdaten anzeigen" }));
    const creds = screen.getByRole("dialog", { name: "Zugangsdaten" });
    const users = within(creds).getAllByRole("row").slice(1).map((r) =>
      [...r.querySelectorAll("td")].map((c) => c.textContent)
    );
    expect(users).toEqual([
      ["Mia Schulz", "mia.schulz", "Gx7-kP2q-Lm9"],
      ["Jürgen Weiß", "juergen.weiss", "Zt4-Wr8n-Qa1"],
    ]);
  });

  it("prints the credentials as a PDF and forgets them on close", async () => {
    stubServer((call) => call.url.endsWith("?preview=1") ? json(200, preview) : json(200, result));
    const saved: { name: string; blob: Blob }[] = [];
    let lastBlob: Blob | null = null;
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          lastBlob = blob;
          return "blob:pdf";
        },
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
    renderPanel();
    pick("students", xlsx());
    fireEvent.click(await screen.findByRole("button", { name: "Importieren" }));
    fireEvent.click(await screen.findByRole("button", { name: "Zugangsdaten anzeigen" }));
    fireEvent.click(screen.getByRole("button", { name: "Zugangsdaten herunterladen" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe("fahrplan-zugangsdaten-fahrschueler.pdf");
    const pdf = new TextDecoder("latin1").decode(await saved[0].blob.arrayBuffer());
    expect(pdf).toContain("(juergen.weiss)");
    expect(pdf).toContain("(Gx7-kP2q-Lm9)");
    // Downloaded: "Fertig" closes without asking, and the passwords are gone.
    fireEvent.click(screen.getByRole("button", { name: "Fertig" }));
    await waitFor(() => expect(screen.queryByText("Gx7-kP2q-Lm9")).toBeNull());
  });

  it("asks before closing credentials that were not downloaded", async () => {
    stubServer((call) => call.url.endsWith("?preview=1") ? json(200, preview) : json(200, result));
    renderPanel();
    pick("students", xlsx());
    fireEvent.click(await screen.findByRole("button", { name: "Importieren" }));
    fireEvent.click(await screen.findByRole("button", { name: "Zugangsdaten anzeigen" }));
    fireEvent.click(screen.getByRole("button", { name: "Fertig" }));
    const ask = await screen.findByRole("dialog", { name: "Zugangsdaten schließen?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Zurück" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Zugangsdaten schließen?" })).toBeNull()
    );
    expect(screen.getByText("Gx7-kP2q-Lm9")).toBeTruthy();
  });

  it("lists the errors of a file and does not offer 'Importieren'", async () => {
    // Preview answer with errors: every bad row and column named by the server.
    stubServer(() =>
      json(200, {
        ...preview,
        create_count: 0,
        error_count: 2,
        errors: [
          "Zeile 7, Spalte „E-Mail“: „mia@“ ist keine gültige E-Mail-Adresse.",
          "Zeile 9, Spalte „Telefon“: fehlt.",
        ],
        error_details: [
          {
            row: 7,
            column: "E-Mail",
            message: "Zeile 7, Spalte „E-Mail“: „mia@“ ist keine gültige E-Mail-Adresse.",
          },
          { row: 9, column: "Telefon", message: "Zeile 9, Spalte „Telefon“: fehlt." },
        ],
      })
    );
    renderPanel();
    pick("students", xlsx());
    const dialog = await screen.findByRole("dialog", { name: "Fahrschüler importieren" });
    expect(
      await within(dialog).findByText(
        "Zeile 7, Spalte „E-Mail“: „mia@“ ist keine gültige E-Mail-Adresse.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("Zeile 9, Spalte „Telefon“: fehlt.")).toBeTruthy();
    expect(
      (within(dialog).getByRole("button", { name: "Importieren" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("says 'Fehler beim Import: ' with the server's reason and the rows it names", async () => {
    // A refused file: 400 with the API error body {error, code, details} (api/imports).
    stubServer(() =>
      json(400, {
        error: "Die Datei enthält 1 Fehler. Es wurde nichts importiert.",
        code: "import_invalid",
        details: [{ row: 4, column: "Name", message: "Zeile 4, Spalte „Name“: Der Name fehlt." }],
      })
    );
    renderPanel();
    pick("instructors", xlsx("fahrlehrer.xlsx"));
    const dialog = await screen.findByRole("dialog", { name: "Fahrlehrer importieren" });
    expect(
      await within(dialog).findByText(
        "Fehler beim Import: Die Datei enthält 1 Fehler. Es wurde nichts importiert.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText("Zeile 4, Spalte „Name“: Der Name fehlt.")).toBeTruthy();
  });

  it("gives up after 5 minutes with the spec's timeout message", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A server that never answers; the stub rejects like fetch does when the call is aborted.
    stubServer((_call, signal) =>
      new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))
      )
    );
    renderPanel();
    pick("instructors", xlsx("fahrlehrer.xlsx"));
    expect(await screen.findByText("Datei wird geprüft...")).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300_000);
    });
    expect(
      await screen.findByText(
        "Import-Timeout! Die Datei ist zu groß. Versuche es mit weniger Lehrern.",
      ),
    ).toBeTruthy();
  });
});
