import { type FormEvent, useState } from "react";
import { RadioGroup, TextField } from "../../components/ui/form_fields.tsx";
import { FormDialog } from "../../components/ui/form_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";

interface Props {
  onClose(): void;
  onAdded(): void;
}

/** The dialog 'Neues Fahrzeug hinzufügen': licence plate (required) and transmission. */
export function AddVehicleDialog({ onClose, onAdded }: Props) {
  const toast = useToast();
  const [name, setName] = useState("");
  const [transmission, setTransmission] = useState("manual");
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) {
      setError("Bitte geben Sie das Kennzeichen ein.");
      return;
    }
    setSaving(true);
    setError("");
    try {
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
    } catch (err) {
      const message = err instanceof ApiError && err.message
        ? err.message
        : "Fehler beim Hinzufügen des Fahrzeugs";
      setError(message);
      toast.show(message, "error", 5000);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title="Neues Fahrzeug hinzufügen"
      size="small"
      saving={saving}
      submitLabel="Hinzufügen"
      busyLabel="Wird hinzugefügt..."
      formClassName="form"
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Kennzeichen"
        required
        value={name}
        onChange={(v) => {
          setName(v);
          if (error) setError("");
        }}
        placeholder="B-PL 1234"
        hint="Geben Sie das Kennzeichen des Fahrzeugs ein"
        error={error}
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
