import { type FormEvent, useState } from "react";
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { FormDialog } from "../../components/ui/form_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { StudentFormSections } from "./student_form_sections.tsx";
import {
  type CreatedAnswer,
  emptyStudentForm,
  studentCreatePayload,
  studentCreateProblem,
} from "./student_types.ts";

interface Props {
  onClose(): void;
  /** the new student's sign-in, to be shown once */
  onCreated(credentials: Credentials | null): void;
}

/** The form 'Neuen Schüler anlegen' (spec 02 §2, §5, §8). */
export function StudentCreateModal({ onClose, onCreated }: Props) {
  const toast = useToast();
  const [form, setForm] = useState(emptyStudentForm);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = studentCreateProblem(form);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      const answer = await api.post<CreatedAnswer>(
        "/admin/students/create-manual/",
        studentCreatePayload(form),
      );
      toast.show("Schüler erfolgreich erstellt!", "success");
      if (answer.password) toast.show(`Passwort: ${answer.password}`, "info", 10_000);
      onCreated(
        answer.password
          ? { name: answer.name, username: answer.username, password: answer.password }
          : null,
      );
    } catch (error) {
      const message = error instanceof ApiError && error.message
        ? error.message
        : "Fehler beim Erstellen des Schülers.";
      setProblem(message);
      toast.show(message, "error", 5000);
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title="Neuen Schüler anlegen"
      size="full"
      saving={saving}
      submitLabel="Schüler erstellen"
      busyLabel="Wird erstellt..."
      formClassName="long-form"
      onSubmit={create}
      onClose={onClose}
    >
      <StudentFormSections form={form} setForm={setForm} readOnly={false} problem={problem} />
    </FormDialog>
  );
}
