import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type ConfirmOptions, ConfirmProvider, useConfirm } from "./confirm_dialog.tsx";

afterEach(cleanup);

function Asker({ options, answers }: { options: ConfirmOptions; answers: boolean[] }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => answers.push(await confirm(options))}>
      Fragen
    </button>
  );
}

async function ask(options: ConfirmOptions, answers: boolean[]) {
  render(
    <ConfirmProvider>
      <Asker options={options} answers={answers} />
    </ConfirmProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Fragen" }));
  return await screen.findByRole("dialog");
}

describe("useConfirm", () => {
  it("resolves true on confirm, styled by its variant", async () => {
    const answers: boolean[] = [];
    const dialog = await ask(
      { message: "Möchten Sie Anna Becker wirklich löschen?", confirmLabel: "Löschen" },
      answers,
    );
    expect(dialog.className).toContain("confirm-danger");
    expect(dialog.textContent).toContain("Möchten Sie Anna Becker wirklich löschen?");
    const confirmButton = screen.getByRole("button", { name: "Löschen" });
    expect(confirmButton.className).toContain("button-danger");
    // A destructive question starts on the safe answer.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Abbrechen" }));
    fireEvent.click(confirmButton);
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("resolves false on cancel and on Escape", async () => {
    const answers: boolean[] = [];
    await ask({ message: "Planung abbrechen?", variant: "warning" }, answers);
    expect(screen.getByRole("button", { name: "Bestätigen" }).className).toContain(
      "button-warning",
    );
    fireEvent.click(screen.getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(answers).toEqual([false]));
    fireEvent.click(screen.getByRole("button", { name: "Fragen" }));
    expect(screen.getByRole("dialog").className).toContain("confirm-warning");
    // Escape where the user is: on the focused button inside the dialog.
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(answers).toEqual([false, false]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("with a typed confirmation, confirms only after exactly that text", async () => {
    const answers: boolean[] = [];
    const phrase = "Ja, unwiderruflich löschen";
    await ask(
      { message: "Alle Fahrschüler werden gelöscht.", typedConfirmation: phrase },
      answers,
    );
    const input = screen.getByLabelText(/Geben Sie zur Bestätigung/);
    const button = screen.getByRole("button", { name: "Bestätigen" }) as HTMLButtonElement;
    // The field has the focus; the button stays off for anything but the exact text.
    expect(document.activeElement).toBe(input);
    for (const text of ["", "ja, unwiderruflich löschen", "Ja, unwiderruflich  löschen", "Ja"]) {
      fireEvent.change(input, { target: { value: text } });
      expect(button.disabled).toBe(true);
      fireEvent.submit(input.closest("form")!);
    }
    expect(answers).toEqual([]);
    // A space a phone keyboard adds after the last word does not count.
    fireEvent.change(input, { target: { value: `${phrase} ` } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(answers).toEqual([true]));
    // Asked again, the field starts empty.
    fireEvent.click(screen.getByRole("button", { name: "Fragen" }));
    expect((screen.getByLabelText(/Geben Sie zur Bestätigung/) as HTMLInputElement).value).toBe("");
    expect(
      (screen.getByRole("button", { name: "Bestätigen" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("with a typed confirmation, Enter in the field confirms once the text matches", async () => {
    const answers: boolean[] = [];
    await ask({ message: "Löschen?", typedConfirmation: "Ja, unwiderruflich löschen" }, answers);
    const input = screen.getByLabelText(/Geben Sie zur Bestätigung/);
    fireEvent.change(input, { target: { value: "Ja, unwiderruflich löschen" } });
    fireEvent.submit(input.closest("form")!);
    await waitFor(() => expect(answers).toEqual([true]));
  });
});
