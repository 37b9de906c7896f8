import { type FormEvent, useState } from "react";
import { RadioGroup, TextField } from "../../components/ui/form_fields.tsx";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";

interface Props {
  onClose(): void;
  onAdded(): void;
}

/** The dialog 'Neues Fahrzeug hinzufügen': licence plate (required) and transmission. */
export function AddVehicleDialog({ onClose, onAdded }: Props) {
  const toast = useToast();
  const [name, setName] = useState("");
  const [transmission, setTransmission] = useState("manual");
  const { saving, problem, setProblem, submit } = useDialogSubmit(
    "Fehler beim Hinzufügen des Fahrzeugs",
  );

  function send(event: FormEvent) {
    event.preventDefault();
    void submit(name.trim() ? "" : "Bitte geben Sie das Kennzeichen ein.", async () => {
      const answer = await api.post<{ name: string }>("/admin/vehicles/add/", {
        name: name.trim(),
        transmission,
      });
      toast.show(
        `Fahrzeug erfolgreich hinzugefügt! Fahrzeug „${answer.name}“ wurde hinzugefügt.`,
        "success",
        3000,
      );
      onAdded();
    });
  }

  return (
    <FormDialog
      title="Neues Fahrzeug hinzufügen"
      size="small"
      saving={saving}
      submitLabel="Hinzufügen"
      busyLabel="Wird hinzugefügt..."
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
        }}
        placeholder="B-PL 1234"
        hint="Geben Sie das Kennzeichen des Fahrzeugs ein"
        error={problem}
        maxLength={20}
        autoComplete="off"
      />
      <RadioGroup
        legend="Getriebe"
        name="vehicle-transmission"
        value={transmission}
        onChange={setTransmission}
        options={[
          { value: "manual", label: "Schaltgetriebe" },
          { value: "automatic", label: "Automatik" },
        ]}
      />
    </FormDialog>
  );
}
