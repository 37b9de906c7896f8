import { type FormEvent, useState } from "react";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import { SelectField } from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { call } from "../../lib/api.ts";
import { listKey, queryKeys } from "../../lib/query_keys.ts";
import { transmissionLabel } from "../../../../common/german_words.ts";

interface VehicleChoice {
  id: number;
  name: string;
  transmission: string;
}

interface Props {
  vehicle: VehicleChoice;
  /** The rest of the fleet, the vehicles that may take over its future lessons. */
  others: VehicleChoice[];
  onClose(): void;
  onDeleted(): void;
}

/**
 * 'Fahrzeug löschen': a vehicle with lessons still to come is deleted only together with moving
 * them to another vehicle; without one chosen the server's 409 says so at the field.
 */
export function DeleteVehicleDialog({ vehicle, others, onClose, onDeleted }: Props) {
  const toast = useToast();
  const [target, setTarget] = useState("");
  // A lesson keeps its gearbox: only a vehicle with the same one can take it over.
  const takers = others.filter((other) => other.transmission === vehicle.transmission);
  const { saving, problem, setProblem, submit } = useDialogSubmit(
    "Fehler beim Löschen des Fahrzeugs",
    // Its lessons move to another vehicle or lose theirs.
    [queryKeys.vehicles, listKey("/admin/appointments/"), queryKeys.schedule],
  );

  function send(event: FormEvent) {
    event.preventDefault();
    void submit("", async () => {
      const answer = await call("DELETE /admin/vehicles/{id}/", {
        params: { id: vehicle.id },
        query: { reassign_to: target || undefined },
      });
      toast.show(answer.message, "success", 4000);
      onDeleted();
    });
  }

  return (
    <FormDialog
      title="Fahrzeug löschen"
      size="small"
      saving={saving}
      submitLabel="Löschen"
      busyLabel="Wird gelöscht..."
      formClassName="form"
      onSubmit={send}
      onClose={onClose}
    >
      <p>
        Möchten Sie das Fahrzeug <strong>„{vehicle.name}“</strong>{" "}
        wirklich löschen? Künftige Termine mit diesem Fahrzeug müssen dabei einem anderen Fahrzeug
        zugewiesen werden.
      </p>
      <SelectField
        label="Künftige Termine übernimmt"
        value={target}
        onChange={(value) => {
          setTarget(value);
          if (problem) setProblem("");
        }}
        placeholder
        hint={takers.length === 0
          ? `Kein anderes Fahrzeug mit ${transmissionLabel(vehicle.transmission)} vorhanden.`
          : undefined}
        options={takers.map((other) => ({
          value: String(other.id),
          label: `${other.name} (${transmissionLabel(other.transmission)})`,
        }))}
        error={problem}
      />
    </FormDialog>
  );
}
