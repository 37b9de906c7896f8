import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Modal } from "./modal.tsx";

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

describe("Modal", () => {
  it("renders a labelled dialog and focuses its first field", () => {
    render(<Harness closes={[]} />);
    const dialog = screen.getByRole("dialog", { name: "Details" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("closes on Escape", () => {
    const closes: string[] = [];
    render(<Harness closes={closes} />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(closes).toEqual(["close"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on a click on the overlay but not on a click inside the dialog", () => {
    const closes: string[] = [];
    render(<Harness closes={closes} />);
    fireEvent.mouseDown(screen.getByLabelText("Name"));
    fireEvent.mouseDown(screen.getByRole("dialog"));
    expect(closes).toEqual([]);
    fireEvent.mouseDown(screen.getByTestId("modal-overlay"));
    expect(closes).toEqual(["close"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes with its close button and gives focus back to the opener", () => {
    const closes: string[] = [];
    render(<Harness closes={closes} />);
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(closes).toEqual(["close"]);
    expect(screen.queryByRole("dialog")).toBeNull();

    const opener = screen.getByRole("button", { name: "Öffnen" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(document.activeElement).toBe(opener);
  });

  it("keeps Tab inside the dialog", () => {
    render(<Harness closes={[]} />);
    const save = screen.getByRole("button", { name: "Speichern" });
    save.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Schließen" }));
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(save);
  });
});
