import { type FormEvent, useState } from "react";
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { FormDialog } from "../../components/ui/form_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { InstructorFormSections } from "./instructor_form_sections.tsx";
import {
  type CreatedAnswer,
  emptyInstructorForm,
  instructorFormProblem,
  instructorPayload,
} from "./instructor_types.ts";

interface Props {
  onClose(): void;
  /** the new instructor's sign-in, to be shown once */
  onCreated(credentials: Credentials | null): void;
}

/** The create form 'Fahrlehrer hinzufügen' with the sections of the detail form. */
export function InstructorCreateModal({ onClose, onCreated }: Props) {
  const toast = useToast();
  const [form, setForm] = useState(emptyInstructorForm);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = instructorFormProblem(form);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      const answer = await api.post<CreatedAnswer>(
        "/admin/instructors/create-manual/",
        instructorPayload(form),
      );
      toast.show(answer.message || "Fahrlehrer erfolgreich erstellt!", "success");
      onCreated(
        answer.password
          ? { name: answer.name, username: answer.username, password: answer.password }
          : null,
      );
    } catch (error) {
      const message = error instanceof ApiError && error.message
        ? error.message
        : "Fehler beim Erstellen des Fahrlehrers.";
      setProblem(message);
      toast.show(message, "error", 5000);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title="Fahrlehrer hinzufügen"
      size="full"
      saving={saving}
      submitLabel="Fahrlehrer erstellen"
      busyLabel="Wird erstellt..."
      formClassName="long-form"
      onSubmit={create}
      onClose={onClose}
    >
      <InstructorFormSections
        form={form}
        setForm={setForm}
        readOnly={false}
        problem={problem}
      />
    </FormDialog>
  );
}
