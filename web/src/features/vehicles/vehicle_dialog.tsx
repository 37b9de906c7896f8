import { type FormEvent, useState } from "react";
import { RadioGroup, TextField } from "../../components/ui/form_fields.tsx";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import type { VehicleRow } from "../../lib/api_types.ts";
import { queryKeys } from "../../lib/query_keys.ts";

interface Props {
  /** The vehicle to edit; without it the dialog adds a new one. */
  vehicle?: Pick<VehicleRow, "id" | "name" | "transmission">;
  onClose(): void;
  onSaved(): void;
}

/**
 * The dialog 'Neues Fahrzeug hinzufügen' or 'Fahrzeug bearbeiten': licence plate (required) and
 * transmission.
 */
export function VehicleDialog({ vehicle, onClose, onSaved }: Props) {
  const toast = useToast();
  const [name, setName] = useState(vehicle?.name ?? "");
  const [transmission, setTransmission] = useState<VehicleRow["transmission"]>(
    vehicle?.transmission ?? "manual",
  );
  const { saving, problem, setProblem, fieldErrors, setFieldErrors, submit } = useDialogSubmit(
    vehicle ? "Fehler beim Speichern des Fahrzeugs" : "Fehler beim Hinzufügen des Fahrzeugs",
    [queryKeys.vehicles],
  );
  // The server's refusal of a gearbox change (future lessons need the old one) belongs to
  // 'Getriebe', not to the plate where the dialog's other problems are shown.
  const [gearboxProblem, setGearboxProblem] = useState("");
  // The server's errors by field (issue 25): each beside its field, both at once; a refusal that
  // names no field stays at the plate.
  const byField = Object.keys(fieldErrors).length > 0;
  const plateError = byField ? fieldErrors.name ?? "" : problem;
  const gearboxError = fieldErrors.transmission ?? gearboxProblem;

  function send(event: FormEvent) {
    event.preventDefault();
    setGearboxProblem("");
    void submit(name.trim() ? "" : "Bitte geben Sie das Kennzeichen ein.", async () => {
      const body = { name: name.trim(), transmission };
      if (vehicle) {
        let answer: { message: string };
        try {
          answer = await call("PUT /admin/vehicles/{id}/", { params: { id: vehicle.id }, body });
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== "vehicle_in_use") throw error;
          setGearboxProblem(error.message);
          toast.show(error.message, "error", 5000);
          return;
        }
        toast.show(answer.message, "success", 3000);
      } else {
        const answer = await call("POST /admin/vehicles/add/", { body });
        toast.show(
          `Fahrzeug erfolgreich hinzugefügt! Fahrzeug „${answer.name}“ wurde hinzugefügt.`,
          "success",
          3000,
        );
      }
      onSaved();
    });
  }

  return (
    <FormDialog
      title={vehicle ? "Fahrzeug bearbeiten" : "Neues Fahrzeug hinzufügen"}
      size="small"
      saving={saving}
      submitLabel={vehicle ? "Speichern" : "Hinzufügen"}
      busyLabel={vehicle ? "Wird gespeichert..." : "Wird hinzugefügt..."}
      formClassName="form"
      onSubmit={send}
      onClose={onClose}
    >
      <TextField
        label="Kennzeichen"
        required
        value={name}
        onChange={(v) => {
          setName(v);
          if (problem) setProblem("");
          if (fieldErrors.name) setFieldErrors(({ name: _, ...rest }) => rest);
        }}
        placeholder="B-PL 1234"
        hint="Geben Sie das Kennzeichen des Fahrzeugs ein"
        error={plateError}
        maxLength={20}
        autoComplete="off"
      />
      <RadioGroup
        legend="Getriebe"
        name="vehicle-transmission"
        value={transmission}
        onChange={(value) => {
          setTransmission(value as VehicleRow["transmission"]);
          setGearboxProblem("");
          if (fieldErrors.transmission) setFieldErrors(({ transmission: _, ...rest }) => rest);
        }}
        error={gearboxError}
        options={[
          { value: "manual", label: "Schaltgetriebe" },
          { value: "automatic", label: "Automatik" },
        ]}
      />
    </FormDialog>
  );
}
