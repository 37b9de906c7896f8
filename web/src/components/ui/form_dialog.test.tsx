import { useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { WithQueryClient } from "../../lib/query_test_client.tsx";
import { useDialogSubmit } from "./form_dialog.tsx";
import { ToastProvider } from "./toast.tsx";

afterEach(cleanup);

/** A save button whose successful save invalidates the list ["fahrzeuge"]. */
function SaveButton({ send }: { send: () => Promise<void> }) {
  const { saving, problem, submit } = useDialogSubmit("Speichern fehlgeschlagen", [["fahrzeuge"]]);
  return (
    <>
      <p role="alert">{problem}</p>
      <button type="button" disabled={saving} onClick={() => void submit("", send)}>
        Speichern
      </button>
    </>
  );
}

/** A list loaded by query beside the save button; it shows how often it was loaded. */
function renderListAndSave(send: () => Promise<void>) {
  let loads = 0;
  function List() {
    const list = useQuery({ queryKey: ["fahrzeuge"], queryFn: () => Promise.resolve(++loads) });
    return <p>Geladen: {list.data ?? 0}</p>;
  }
  return render(
    <WithQueryClient>
      <ToastProvider>
        <List />
        <SaveButton send={send} />
      </ToastProvider>
    </WithQueryClient>,
  );
}

describe("the dialog's save", () => {
  it("loads the lists it names again after a successful save", async () => {
    renderListAndSave(() => Promise.resolve());
    await screen.findByText("Geladen: 1");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    await screen.findByText("Geladen: 2");
  });

  it("shows the server's words on a failed save and loads nothing again", async () => {
    renderListAndSave(() => Promise.reject(new ApiError(409, "Kennzeichen schon vergeben")));
    await screen.findByText("Geladen: 1");
    fireEvent.click(screen.getByRole("button", { name: "Speichern" }));
    expect((await screen.findAllByText("Kennzeichen schon vergeben")).length).toBeGreaterThan(0);
    expect(screen.getByText("Geladen: 1")).toBeTruthy();
  });
});
