import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { StudentFormSections } from "./student_form_sections.tsx";
import {
  emptyStudentForm,
  formFromDetail,
  type StudentDetail,
  studentUpdatePayload,
  studentUpdateProblem,
} from "./student_types.ts";

interface Props {
  id: number;
  initialMode: "view" | "edit";
  onClose(): void;
  /** after a successful save, so the list shows the new data */
  onSaved(): void;
}

/** The student detail overlay in view or edit mode (spec 02 §2, §4). */
export function StudentDetailOverlay({ id, initialMode, onClose, onSaved }: Props) {
  const toast = useToast();
  const formId = useId();
  const [mode, setMode] = useState(initialMode);
  const [detail, setDetail] = useState<StudentDetail | null>(null);
  const [form, setForm] = useState(emptyStudentForm);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  // Through a ref: a toast or a list refresh must not reload the data and wipe the user's edits.
  const outside = useRef({ toast, onClose });
  outside.current = { toast, onClose };

  const load = useCallback(async () => {
    try {
      const data = await api.get<StudentDetail>(`/admin/users/${id}/`);
      setDetail(data);
      setForm(formFromDetail(data));
    } catch {
      outside.current.toast.show("Fehler beim Laden der Daten", "error");
      outside.current.onClose();
    }
  }, [id]);

  useEffect(() => {
    load();
  }, [load]);

  function cancel() {
    setMode("view");
    setProblem("");
    load();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (mode !== "edit" || saving) return;
    const found = studentUpdateProblem(form);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await api.put(`/admin/users/${id}/`, studentUpdatePayload(form));
      toast.show("Schülerdaten erfolgreich aktualisiert!", "success");
      setMode("view");
      onSaved();
      await load();
    } catch (error) {
      const message = error instanceof ApiError && error.message
        ? `Fehler beim Speichern: ${error.message}`
        : "Unbekannter Fehler";
      toast.show(message, "error", 5000);
    } finally {
      setSaving(false);
    }
  }

  const title = mode === "edit" ? "Fahrschüler bearbeiten" : "Fahrschüler-Details";
  const footer = mode === "edit"
    ? (
      <>
        <button type="button" className="button button-secondary" onClick={cancel}>
          Abbrechen
        </button>
        <button
          key="save"
          type="submit"
          form={formId}
          className="button button-primary"
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {saving ? "Wird gespeichert..." : "Änderungen speichern"}
        </button>
      </>
    )
    : (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Schließen
        </button>
        {/* Its own key: reusing the save button's element would turn this click into a submit. */}
        <button
          key="edit"
          type="button"
          className="button button-primary"
          disabled={!detail}
          onClick={() => setMode("edit")}
        >
          Bearbeiten
        </button>
      </>
    );

  return (
    <Modal open title={title} size="full" onClose={onClose} footer={footer}>
      {!detail
        ? (
          <div className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Wird geladen...
          </div>
        )
        : (
          <form id={formId} className="long-form" onSubmit={save} noValidate>
            <StudentFormSections
              form={form}
              setForm={setForm}
              readOnly={mode === "view"}
              username={detail.username}
              problem={problem}
            />
          </form>
        )}
    </Modal>
  );
}
