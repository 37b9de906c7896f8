import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { InstructorFormSections } from "./instructor_form_sections.tsx";
import {
  emptyInstructorForm,
  formFromDetail,
  type InstructorDetail,
  instructorFormProblem,
  instructorPayload,
} from "./instructor_types.ts";

interface Props {
  id: number;
  initialMode: "view" | "edit";
  onClose(): void;
  /** after a successful save, so the list shows the new data */
  onSaved(): void;
}

/** The full-screen instructor overlay: read-only, or edit with save and cancel (spec 02 §2, §4). */
export function InstructorDetailOverlay({ id, initialMode, onClose, onSaved }: Props) {
  const toast = useToast();
  const formId = useId();
  const [mode, setMode] = useState(initialMode);
  const [detail, setDetail] = useState<InstructorDetail | null>(null);
  const [form, setForm] = useState(emptyInstructorForm);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);

  // The toast API and onClose change identity on re-renders; reading them through a ref keeps a
  // toast or a list refresh from reloading the data and wiping what the user typed.
  const outside = useRef({ toast, onClose });
  outside.current = { toast, onClose };

  const load = useCallback(async () => {
    try {
      const data = await api.get<InstructorDetail>(`/admin/users/${id}/`);
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
    const found = instructorFormProblem(form);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await api.put(`/admin/users/${id}/`, instructorPayload(form));
      toast.show("Fahrlehrer erfolgreich aktualisiert!", "success");
      setMode("view");
      onSaved();
      await load();
    } catch (error) {
      const message = error instanceof ApiError && error.message
        ? error.message
        : "Fehler beim Speichern der Änderungen.";
      toast.show(message, "error", 5000);
    } finally {
      setSaving(false);
    }
  }

  const title = mode === "edit" ? "Fahrlehrer bearbeiten" : "Fahrlehrer-Details";
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
            <InstructorFormSections
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
