import { unreadableFieldProblem } from "../../components/ui/unreadable_fields.ts";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { SubmitButtons } from "../../components/ui/form_dialog.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { api, ApiError } from "../../lib/api.ts";
import type { PersonFields, PersonRow } from "./people_types.ts";
import { PersonForm } from "./person_form.tsx";
import type { PersonRole } from "./person_role.ts";

interface Props<Row extends PersonRow, Detail extends Row, Form extends PersonFields> {
  role: PersonRole<Row, Detail, Form>;
  id: number;
  initialMode: "view" | "edit";
  onClose(): void;
  /** after a successful save, so the list shows the new data */
  onSaved(): void;
}

/** The full-screen person overlay: read-only, or edit with save and cancel (spec 02 §2, §4). */
export function PersonDetailOverlay<
  Row extends PersonRow,
  Detail extends Row,
  Form extends PersonFields,
>({ role, id, initialMode, onClose, onSaved }: Props<Row, Detail, Form>) {
  const toast = useToast();
  const formId = useId();
  const [mode, setMode] = useState(initialMode);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [form, setForm] = useState(role.emptyForm);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);

  // The toast API and onClose change identity on re-renders; reading them through a ref keeps a
  // toast or a list refresh from reloading the data and wiping what the user typed.
  const outside = useRef({ toast, onClose });
  outside.current = { toast, onClose };

  const load = useCallback(async () => {
    try {
      const data = await api.get<Detail>(`/admin/users/${id}/`);
      setDetail(data);
      setForm(role.formFromDetail(data));
    } catch {
      outside.current.toast.show(de.list.loadFailed, "error");
      outside.current.onClose();
    }
  }, [id, role]);

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
    const found = unreadableFieldProblem(event.currentTarget as Element) ||
      role.update.problem(form);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await api.put(`/admin/users/${id}/`, role.update.payload(form));
      toast.show(role.update.done, "success");
      setMode("view");
      onSaved();
      await load();
    } catch (error) {
      toast.show(
        role.update.failed(error instanceof ApiError && error.message ? error.message : ""),
        "error",
        5000,
      );
    } finally {
      setSaving(false);
    }
  }

  const title = mode === "edit" ? `${role.word} bearbeiten` : `${role.word}-Details`;
  const footer = mode === "edit"
    ? (
      <SubmitButtons
        formId={formId}
        saving={saving}
        submitLabel={de.actions.saveChanges}
        busyLabel={de.actions.saving}
        onCancel={cancel}
      />
    )
    : (
      <>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {de.actions.close}
        </button>
        {/* Its own key, so React never reuses a submit button for it: the click would submit. */}
        <button
          key="edit"
          type="button"
          className="button button-primary"
          disabled={!detail}
          onClick={() => setMode("edit")}
        >
          {de.actions.edit}
        </button>
      </>
    );

  return (
    <Modal open title={title} size="full" onClose={onClose} footer={footer}>
      {!detail
        ? (
          <div className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> {de.list.loading}
          </div>
        )
        : (
          <>
            <form id={formId} className="long-form" onSubmit={save} noValidate>
              <PersonForm
                role={role}
                form={form}
                setForm={setForm}
                readOnly={mode === "view"}
                username={detail.username}
                problem={problem}
              />
            </form>
            {role.DetailExtras && mode === "view" && (
              <div className="long-form">
                <role.DetailExtras id={id} />
              </div>
            )}
          </>
        )}
    </Modal>
  );
}
