import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "../../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import type {
  AdminQuestionnaire,
  StoredAnswers,
} from "../../../../common/contract/questionnaires.ts";
import { QuestionnaireAdmin } from "./questionnaire_admin.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

/**
 * The network is a fetch stub (unit test of the screen); the answers are typed with the shared
 * contract (common/contract/questionnaires.ts), which the API's tests check its answers against.
 */
interface Call {
  method: string;
  url: string;
  body: any;
}
let calls: Call[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function stubServer(answer: (call: Call) => Response) {
  calls = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
    if (url === "/api/csrf/") return Promise.resolve(json(200, { csrfToken: "t" }));
    const call = {
      method: init.method ?? "GET",
      url,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
}

const schedule = [1, 2, 3, 4, 5].map((day) => ({
  day_of_week: day,
  school_start: "08:00",
  school_end: "13:30",
  arrival_time: "14:00",
  free_periods: day === 2 ? [{ start: "10:00", end: "10:45" }] : [],
}));

const answers: StoredAnswers = {
  first_name: "Tim",
  last_name: "Becker",
  email: "tim@example.de",
  phone: "0231 55",
  birth_date: "",
  school_name: "Gesamtschule Nord",
  start_location: "Barop",
  available_in_holidays: "nein",
  notes: "Lieber nachmittags",
  license_class: "B",
  // Answered weeks ago: this vacation has begun since, and the admin's edit must still save.
  vacation_periods: [{ start: "2020-07-01", end: "2020-07-14" }],
  school_schedule_data: { school_schedule: schedule },
  availabilities_data: { availabilities: [], vacation_periods: [], available_in_holidays: "nein" },
};

const entry = (
  id: number,
  first_name: string,
  last_name: string,
  status: AdminQuestionnaire["status"],
  status_display: string,
): AdminQuestionnaire => ({
  id,
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.de`,
  phone: "",
  status,
  status_display,
  questionnaire_url: `http://localhost:3000/fragebogen/${"a".repeat(42)}${id}`,
  created_at: "2026-11-20T10:00:00Z",
  expires_at: "2026-12-20T10:00:00Z",
  submitted_at: status === "pending" ? null : "2026-11-21T10:00:00Z",
  approved_at: status === "approved" ? "2026-11-22T10:00:00Z" : null,
  student_id: status === "approved" ? 40 : null,
});

/** GET /api/admin/questionnaires/ (common/contract/questionnaires.ts): no answers in the list. */
const entries = [
  entry(1, "Lea", "Wolf", "pending", "Offen"),
  entry(2, "Tim", "Becker", "submitted", "Eingereicht"),
  entry(3, "Ana", "Yilmaz", "approved", "Genehmigt"),
];

/** The admin GETs: the list, and the details of one with its answers. */
function adminGets(call: Call): Response {
  const details = /\/admin\/questionnaires\/(\d+)\/$/.exec(call.url);
  if (details) {
    const found = entries.find((e) => e.id === Number(details[1]))!;
    return json(200, { questionnaire: { ...found, answers: found.id === 2 ? answers : null } });
  }
  return json(200, { results: entries });
}

function renderAdmin() {
  return render(
    <WithQueryClient>
      <ToastProvider>
        <ConfirmProvider>
          <QuestionnaireAdmin />
        </ConfirmProvider>
      </ToastProvider>
    </WithQueryClient>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("questionnaire administration", () => {
  it("lists status_display and offers 'Genehmigen' only on submitted entries", async () => {
    stubServer(adminGets);
    renderAdmin();
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[2].textContent)).toEqual([
      "Offen",
      "Eingereicht",
      "Genehmigt",
    ]);
    expect(rows.map((r) => within(r).queryByRole("button", { name: "Genehmigen" }) !== null))
      .toEqual([false, true, false]);
  });

  it("creates a link from name and e-mail and shows it with a copy button", async () => {
    stubServer((call) =>
      call.method === "POST"
        // POST /api/admin/questionnaires/create/ answers {questionnaire: {id, …, questionnaire_url}}
        ? json(201, {
          questionnaire: { ...entries[0], id: 9, questionnaire_url: "/fragebogen/x9Tk" },
        })
        : json(200, { results: [] })
    );
    renderAdmin();
    expect(await screen.findByText("Noch keine Fragebögen erstellt.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Fragebogen-Link erstellen" }));
    const dialog = screen.getByRole("dialog", { name: "Fragebogen-Link erstellen" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link erstellen" }));
    expect(within(dialog).getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein."))
      .toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Vorname", { exact: false }), {
      target: { value: "Lea" },
    });
    fireEvent.change(within(dialog).getByLabelText("Nachname", { exact: false }), {
      target: { value: "Wolf" },
    });
    fireEvent.change(within(dialog).getByLabelText("E-Mail", { exact: false }), {
      target: { value: " lea@example.de " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Link erstellen" }));

    const link = await screen.findByRole("dialog", { name: "Fragebogen-Link" });
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/admin/questionnaires/create/",
      body: { first_name: "Lea", last_name: "Wolf", email: "lea@example.de" },
    });
    expect((within(link).getByLabelText("Fragebogen-Link") as HTMLInputElement).value).toBe(
      `${location.origin}/fragebogen/x9Tk`,
    );
    // jsdom has no clipboard: the copy fails, and says so.
    fireEvent.click(within(link).getByRole("button", { name: "Kopieren" }));
    expect(await screen.findByText("Kopieren fehlgeschlagen")).toBeTruthy();
  });

  it("says 'Fehler beim Erstellen des Fragebogens.' when the link cannot be made", async () => {
    stubServer((call) =>
      call.method === "POST"
        ? json(500, { error: "Datenbankfehler", code: "internal" })
        : json(200, { results: [] })
    );
    renderAdmin();
    fireEvent.click(await screen.findByRole("button", { name: "Fragebogen-Link erstellen" }));
    const dialog = screen.getByRole("dialog", { name: "Fragebogen-Link erstellen" });
    for (const [label, value] of [["Vorname", "A"], ["Nachname", "B"], ["E-Mail", "a@b.de"]]) {
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), {
        target: { value },
      });
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Link erstellen" }));
    expect(await screen.findByText("Fehler beim Erstellen des Fragebogens.")).toBeTruthy();
  });

  it("shows every answer, lets the admin correct them, and sends the corrected payload", async () => {
    stubServer((call) =>
      call.method === "PUT"
        ? json(200, {
          message: "Fragebogen gespeichert.",
          questionnaire: { ...entries[1], answers },
        })
        : adminGets(call)
    );
    renderAdmin();
    const rows = (await screen.findAllByRole("row")).slice(1);
    fireEvent.click(within(rows[1]).getByRole("button", { name: "Details" }));
    const dialog = screen.getByRole("dialog", { name: "Fragebogen: Tim Becker" });
    // The answers come from GET /api/admin/questionnaires/2/.
    const school = await within(dialog).findByLabelText("Name der Schule", { exact: false });
    expect(calls.some((c) => c.url === "/api/admin/questionnaires/2/")).toBe(true);
    expect((school as HTMLInputElement).value).toBe("Gesamtschule Nord");
    expect(within(dialog).getByDisplayValue("Lieber nachmittags")).toBeTruthy();
    expect(
      (within(dialog).getByLabelText("Dienstag, Freistunde 1: von") as HTMLInputElement).value,
    ).toBe("10:00");
    expect((within(dialog).getByRole("radio", { name: "Nein" }) as HTMLInputElement).checked)
      .toBe(true);
    // Read-only until "Bearbeiten".
    expect((school as HTMLInputElement).closest("fieldset")?.disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole("button", { name: "Bearbeiten" }));
    expect(within(dialog).queryByRole("button", { name: "Genehmigen" })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Name der Schule", { exact: false }), {
      target: { value: "Gymnasium Süd" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Änderungen speichern" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe("/api/admin/questionnaires/2/");
    expect(put.body.school_name).toBe("Gymnasium Süd");
    expect(put.body.vacation_periods).toEqual([{ start: "2020-07-01", end: "2020-07-14" }]);
    expect(put.body.school_schedule_data.school_schedule[1].free_periods).toEqual([
      { start: "10:00", end: "10:45" },
    ]);
    expect(await within(dialog).findByRole("button", { name: "Genehmigen" })).toBeTruthy();
  });

  it("approves after asking and shows the new student's sign-in once", async () => {
    stubServer((call) =>
      call.url.endsWith("/approve/")
        // POST /api/admin/questionnaires/{id}/approve/ answers {message, username, password}
        ? json(200, {
          message: "Fahrschüler Tim Becker angelegt.",
          username: "tim.becker",
          password: "Qe8-Hs3v-Np5",
          student_id: 41,
        })
        : adminGets(call)
    );
    renderAdmin();
    fireEvent.click(await screen.findByRole("button", { name: "Genehmigen" }));
    const ask = screen.getByRole("dialog", { name: "Fragebogen genehmigen" });
    expect(ask.textContent).toContain("Fragebogen von Tim Becker genehmigen");
    fireEvent.click(within(ask).getByRole("button", { name: "Genehmigen" }));
    const creds = await screen.findByRole("dialog", { name: "Zugangsdaten" });
    expect(calls.find((c) => c.method === "POST")?.url).toBe(
      "/api/admin/questionnaires/2/approve/",
    );
    expect(within(creds).getByTestId("credentials-username").textContent).toBe("tim.becker");
    expect(within(creds).getByTestId("credentials-password").textContent).toBe("Qe8-Hs3v-Np5");
    expect(screen.getByText("Fahrschüler Tim Becker angelegt.")).toBeTruthy();
  });

  it("says 'Fehler: ' with the server's reason when approval fails", async () => {
    stubServer((call) =>
      call.method === "POST"
        ? json(409, { error: "Für diese E-Mail gibt es bereits ein Konto.", code: "conflict" })
        : adminGets(call)
    );
    renderAdmin();
    fireEvent.click(await screen.findByRole("button", { name: "Genehmigen" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Fragebogen genehmigen" })).getByRole("button", {
        name: "Genehmigen",
      }),
    );
    expect(await screen.findByText("Fehler: Für diese E-Mail gibt es bereits ein Konto."))
      .toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Zugangsdaten" })).toBeNull();
  });
});
