/**
 * Issue 25, point 14: a person form reports every mistake of a save at once, each beside its
 * field, not one per save and not only in a passing toast. The real forms, no server needed: the
 * client checks stop the save before any call.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { PersonCreateModal } from "./person_create.tsx";
import { studentRole } from "./student_role.tsx";
import { instructorRole } from "./instructor_role.tsx";
import { ApiError } from "../../lib/api.ts";
import { serverFieldErrors } from "../../lib/field_errors.ts";

afterEach(cleanup);

/** The error text linked to a control (aria-describedby), or '' when it has none. */
function errorOf(control: HTMLElement): string {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id))
    .filter((node) => node?.classList.contains("field-error"))
    .map((node) => node!.textContent).join(" ");
}

function open(role: typeof studentRole | typeof instructorRole) {
  render(
    <WithQueryClient>
      <ToastProvider>
        <PersonCreateModal role={role as never} onClose={() => {}} onCreated={() => {}} />
      </ToastProvider>
    </WithQueryClient>,
  );
}

describe("the person forms mark every mistake at once", () => {
  it("an empty student form marks first name, last name, class and the weekly plan together", () => {
    open(studentRole);
    fireEvent.click(screen.getByRole("button", { name: "Schüler erstellen" }));
    expect(errorOf(screen.getByLabelText("Vorname", { exact: false }))).toContain("Vornamen");
    expect(errorOf(screen.getByLabelText("Nachname", { exact: false }))).toContain("Nachnamen");
    expect(errorOf(screen.getByLabelText("Führerscheinklasse", { exact: false }))).toBe(
      "Bitte wählen Sie eine Führerscheinklasse aus.",
    );
    const week = screen.getByRole("region", { name: "Wochenplan" });
    expect(week.textContent).toContain("mindestens eine Freistunde oder Ankunftszeit");
    expect(document.body.textContent).toContain("Bitte prüfen Sie die 4 rot markierten Angaben.");
  });

  it("an empty instructor form marks the names and the qualification together", () => {
    open(instructorRole);
    fireEvent.click(screen.getByRole("button", { name: "Fahrlehrer erstellen" }));
    expect(errorOf(screen.getByLabelText("Vorname", { exact: false }))).toContain("Vornamen");
    expect(errorOf(screen.getByLabelText("Nachname", { exact: false }))).toContain("Nachnamen");
    const qualification = screen.getByRole("group", { name: /Qualifikation/ });
    expect(qualification.textContent).toContain("mindestens einen Getriebe-Typ");
  });
});

describe("a corrected field loses its error at once (issue 22)", () => {
  it("typing a first name clears its message, the others stay until corrected", () => {
    open(studentRole);
    fireEvent.click(screen.getByRole("button", { name: "Schüler erstellen" }));
    const first = screen.getByLabelText("Vorname", { exact: false });
    const last = screen.getByLabelText("Nachname", { exact: false });
    expect(errorOf(first)).toContain("Vornamen");
    fireEvent.change(first, { target: { value: "Mia" } });
    expect(errorOf(first)).toBe("");
    expect(errorOf(last)).toContain("Nachnamen");
    expect(document.body.textContent).toContain("Bitte prüfen Sie die 3 rot markierten Angaben.");
    fireEvent.change(screen.getByLabelText("Führerscheinklasse", { exact: false }), {
      target: { value: "B" },
    });
    expect(errorOf(screen.getByLabelText("Führerscheinklasse", { exact: false }))).toBe("");
    expect(errorOf(last)).toContain("Nachnamen");
  });

  it("the instructor's qualification loses its message once a gearbox is ticked", () => {
    open(instructorRole);
    fireEvent.click(screen.getByRole("button", { name: "Fahrlehrer erstellen" }));
    const qualification = screen.getByRole("group", { name: /Qualifikation/ });
    expect(qualification.textContent).toContain("mindestens einen Getriebe-Typ");
    fireEvent.click(screen.getAllByRole("checkbox")[0]);
    expect(qualification.textContent).not.toContain("mindestens einen Getriebe-Typ");
    expect(errorOf(screen.getByLabelText("Vorname", { exact: false }))).toContain("Vornamen");
  });
});

describe("serverFieldErrors", () => {
  it("takes the first message of each field from the server's details", () => {
    const error = new ApiError(400, "Vorname ist erforderlich.", "validation_failed", {
      error: "Vorname ist erforderlich.",
      details: [
        { path: "first_name", message: "Vorname ist erforderlich." },
        { path: "vacation_periods", message: "Urlaub 1: Ende vor Beginn." },
        { path: "vacation_periods", message: "Urlaub 2: Ende vor Beginn." },
        { path: "work_schedule.0.start", message: "Ungültige Uhrzeit." },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({
      first_name: "Vorname ist erforderlich.",
      vacation_periods: "Urlaub 1: Ende vor Beginn.",
      work_schedule: "Ungültige Uhrzeit.",
    });
    expect(serverFieldErrors(new ApiError(409, "Schon vergeben.", "conflict", {}))).toEqual({});
  });
});
