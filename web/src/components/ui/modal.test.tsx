import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Modal } from "./modal.tsx";
import { ToastProvider, useToast } from "./toast.tsx";

afterEach(cleanup);

function Harness({ closes }: { closes: string[] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Öffnen</button>
      <Modal
        open={open}
        title="Details"
        onClose={() => {
          closes.push("close");
          setOpen(false);
        }}
        footer={<button type="button">Speichern</button>}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

/** A press as the browser delivers it: pointer down and up, then the click. */
function press(element: Element) {
  fireEvent.pointerDown(element, { pointerId: 1, button: 0, pointerType: "mouse" });
  fireEvent.mouseDown(element);
  fireEvent.pointerUp(element, { pointerId: 1, button: 0, pointerType: "mouse" });
  fireEvent.mouseUp(element);
  fireEvent.click(element);
}

describe("Modal", () => {
  it("renders a labelled dialog, focuses its first field and hides the page behind it", () => {
    render(<Harness closes={[]} />);
    expect(screen.getByRole("dialog", { name: "Details" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    // The page behind is out of reach for screen readers while the dialog is open.
    expect(screen.queryByRole("button", { name: "Öffnen" })).toBeNull();
  });

  it("closes on Escape", () => {
    const closes: string[] = [];
    render(<Harness closes={closes} />);
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(closes).toEqual(["close"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on a click on the overlay but not on a click inside the dialog", () => {
    const closes: string[] = [];
    render(<Harness closes={closes} />);
    press(screen.getByLabelText("Name"));
    press(screen.getByRole("dialog"));
    expect(closes).toEqual([]);
    press(screen.getByTestId("modal-overlay"));
    expect(closes).toEqual(["close"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes with its close button and gives focus back to the opener", async () => {
    const closes: string[] = [];
    render(<Harness closes={closes} />);
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(closes).toEqual(["close"]);
    expect(screen.queryByRole("dialog")).toBeNull();

    const opener = screen.getByRole("button", { name: "Öffnen" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    // Focus goes back on the next frame, after the dialog has left the page.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("keeps Tab inside the dialog", () => {
    render(<Harness closes={[]} />);
    const save = screen.getByRole("button", { name: "Speichern" });
    save.focus();
    fireEvent.keyDown(save, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Schließen" }));
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it("keeps a toast shown while it is open readable and clickable, without closing", () => {
    const closes: string[] = [];
    function CopyDialog() {
      const toast = useToast();
      const [open, setOpen] = useState(true);
      return (
        <Modal
          open={open}
          title="Zugangsdaten"
          onClose={() => {
            closes.push("close");
            setOpen(false);
          }}
        >
          <button type="button" onClick={() => toast.show("Zugangsdaten kopiert")}>
            Kopieren
          </button>
        </Modal>
      );
    }
    render(
      <ToastProvider>
        <CopyDialog />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Kopieren" }));
    // Found by role only if the dialog did not hide it from screen readers with the page.
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Zugangsdaten kopiert");
    press(within(toast).getByRole("button", { name: "Meldung schließen" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(closes).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Zugangsdaten" })).toBeTruthy();
  });
});
