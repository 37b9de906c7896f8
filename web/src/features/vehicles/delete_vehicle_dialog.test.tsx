import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { DeleteVehicleDialog } from "./delete_vehicle_dialog.tsx";
import { WithQueryClient } from "../../lib/query_test_client.tsx";

afterEach(cleanup);

const golf = { id: 1, name: "DO-FS 101", transmission: "manual" };
const polo = { id: 2, name: "DO-FS 102", transmission: "manual" };
const zoe = { id: 3, name: "DO-EA 301", transmission: "automatic" };

function open(vehicle: typeof golf, others: typeof golf[]) {
  render(
    <WithQueryClient>
      <ToastProvider>
        <DeleteVehicleDialog
          vehicle={vehicle}
          others={others}
          onClose={() => {}}
          onDeleted={() => {}}
        />
      </ToastProvider>
    </WithQueryClient>,
  );
  return screen.getByLabelText("Künftige Termine übernimmt", { exact: false });
}

describe("Fahrzeug löschen", () => {
  it("offers only vehicles with the same gearbox to take over the lessons", () => {
    const select = open(golf, [polo, zoe]);
    const names = within(select).getAllByRole("option").map((o) => o.textContent);
    expect(names.filter((n) => n?.includes("DO-"))).toEqual(["DO-FS 102 (Schaltgetriebe)"]);
  });

  it("says so when no other vehicle has that gearbox", () => {
    open(zoe, [golf, polo]);
    expect(screen.getByText("Kein anderes Fahrzeug mit Automatik vorhanden.")).toBeTruthy();
  });
});
