import { unreadableFieldProblem } from "../../components/ui/unreadable_fields.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ComponentType,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { SubmitButtons } from "../../components/ui/form_dialog.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { savedMessage } from "./saved_message.ts";
import {
  type FieldErrors,
  markedFieldsSummary,
  serverFieldErrors,
} from "../../lib/field_errors.ts";
import { de } from "../../i18n/de.ts";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import type { PersonFields, PersonRow } from "./people_types.ts";
import { PersonForm } from "./person_form.tsx";
import type { PersonRole } from "./person_role.ts";

/** What another feature shows below a person's details (the app passes it in). */
export type PersonDetailExtras = ComponentType<{ id: number }>;

interface Props<Row extends PersonRow, Detail extends Row, Form extends PersonFields> {
  role: PersonRole<Row, Detail, Form>;
  id: number;
  /** parts of the detail view outside the form, saved on their own (sick notes, absences) */
  DetailExtras?: PersonDetailExtras;
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
>({ role, id, DetailExtras, initialMode, onClose, onSaved }: Props<Row, Detail, Form>) {
  const toast = useToast();
  const formId = useId();
  const [mode, setMode] = useState(initialMode);
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: [...queryKeys.people, id],
    // The contract answers any role's detail; this overlay opened the role's own person.
    queryFn: async ({ signal }) =>
      (await call("GET /admin/users/{id}/", { params: { id }, signal })) as Detail,
  });
  const detail = loaded.data ?? null;
  const savedForm = useMemo(
    () => (detail ? role.formFromDetail(detail) : role.emptyForm()),
    [detail, role],
  );
  // What the user typed since the last save; a reload of the person leaves it alone.
  const [draft, setDraft] = useState<Form | null>(null);
  const form = draft ?? savedForm;
  const setForm: Dispatch<SetStateAction<Form>> = useCallback(
    (next) =>
      setDraft((current) => {
        const base = current ?? savedForm;
        return typeof next === "function" ? (next as (f: Form) => Form)(base) : next;
      }),
    [savedForm],
  );
  const [problem, setProblem] = useState("");
  // Every error of the last save by field, shown beside each (issue 25).
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const update = useMutation({
    mutationFn: (next: Form) =>
      call("PUT /admin/users/{id}/", { params: { id }, body: role.update.payload(next) }),
    // A vacation can make lessons affected: the dashboard's banner reloads too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.people }),
        queryClient.invalidateQueries({ queryKey: queryKeys.affectedAppointments }),
      ]),
  });
  const saving = update.isPending;

  // The toast API and onClose change identity on re-renders; reading them through a ref keeps a
  // toast or a list refresh from closing the overlay twice.
  const outside = useRef({ toast, onClose });
  outside.current = { toast, onClose };
  const failed = loaded.isError && !detail;
  useEffect(() => {
    if (!failed) return;
    outside.current.toast.show(de.list.loadFailed, "error");
    outside.current.onClose();
  }, [failed]);

  function cancel() {
    setMode("view");
    setProblem("");
    setFieldErrors({});
    setDraft(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (mode !== "edit" || saving) return;
    const unreadable = unreadableFieldProblem(event.currentTarget as Element);
    const found = unreadable ? {} : role.update.problems(form);
    setFieldErrors(found);
    setProblem(unreadable || markedFieldsSummary(found));
    if (unreadable || Object.keys(found).length) return;
    try {
      const answer = await update.mutateAsync(form);
      setDraft(null);
      const saved = savedMessage(role.update.done, answer.vacation_affected ?? 0);
      toast.show(saved.text, saved.tone, saved.tone === "warning" ? 6000 : undefined);
      setMode("view");
      onSaved();
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : "";
      // The server's errors by field stay beside their fields, not only in a passing toast.
      const fields = serverFieldErrors(error);
      setFieldErrors(fields);
      const text = Object.keys(fields).length > 1
        ? markedFieldsSummary(fields)
        : role.update.failed(message);
      setProblem(text);
      toast.show(text, "error", 5000);
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
                errors={fieldErrors}
              />
            </form>
            {DetailExtras && mode === "view" && (
              <div className="long-form">
                <DetailExtras id={id} />
              </div>
            )}
          </>
        )}
    </Modal>
  );
}
