import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { de } from "../../i18n/de.ts";
import { ApiError } from "../../lib/api.ts";
import {
  type FieldErrors,
  markedFieldsSummary,
  serverFieldErrors,
} from "../../lib/field_errors.ts";
import { BusyButton } from "./busy_button.tsx";
import { Modal } from "./modal.tsx";
import { useToast } from "./toast.tsx";

interface FormDialogProps {
  title: string;
  size?: "small" | "medium" | "large" | "full";
  /** true while the submit call runs: the button is disabled and shows busyLabel */
  saving: boolean;
  submitLabel: string;
  busyLabel: string;
  formClassName?: string;
  onSubmit(event: FormEvent): void;
  onClose(): void;
  children: ReactNode;
}

/** A modal holding one form, with 'Abbrechen' and a submit button in its footer. */
export function FormDialog(props: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      title={props.title}
      size={props.size}
      onClose={props.onClose}
      footer={
        <SubmitButtons
          formId={formId}
          saving={props.saving}
          submitLabel={props.submitLabel}
          busyLabel={props.busyLabel}
          onCancel={props.onClose}
        />
      }
    >
      <form id={formId} className={props.formClassName} onSubmit={props.onSubmit} noValidate>
        {props.children}
      </form>
    </Modal>
  );
}

interface SubmitButtonsProps {
  /** the form the submit button sends */
  formId: string;
  saving: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel(): void;
}

/** 'Abbrechen' and the submit button of a form in a dialog footer; busy while it saves. */
export function SubmitButtons(props: SubmitButtonsProps) {
  return (
    <>
      <button type="button" className="button button-secondary" onClick={props.onCancel}>
        {de.actions.cancel}
      </button>
      <BusyButton
        type="submit"
        form={props.formId}
        busy={props.saving}
        busyLabel={props.busyLabel}
      >
        {props.submitLabel}
      </BusyButton>
    </>
  );
}

/**
 * The submit of a form dialog: one call at a time; the client's objection, or a failed call in the
 * server's words (else `failed`), becomes the form's problem, a failed call also a toast. Errors
 * by field (the client's checks or the server's details) come back as `fieldErrors`, every one at
 * once, for the form to show beside each field (issue 25); `problem` then says how many. After a
 * successful call the `invalidates` keys load again, so every list that shows the data follows.
 */
export function useDialogSubmit(failed: string, invalidates: readonly QueryKey[] = []) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (send: () => Promise<void>) => send(),
    onSuccess: () =>
      Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    onError: (error) => {
      const message = error instanceof ApiError && error.message ? error.message : failed;
      const fields = serverFieldErrors(error);
      setFieldErrors(fields);
      // Several errors: the form and the toast say how many, each stands beside its field.
      const text = Object.keys(fields).length > 1 ? markedFieldsSummary(fields) : message;
      setProblem(text);
      toast.show(text, "error", 5000);
    },
  });

  /**
   * `objection` is the client check's message, or its errors by field; '' or {} when the form may
   * be sent.
   */
  async function submit(objection: string | FieldErrors, send: () => Promise<void>) {
    if (mutation.isPending) return;
    const fields = typeof objection === "string" ? {} : objection;
    const text = typeof objection === "string" ? objection : markedFieldsSummary(objection);
    setFieldErrors(fields);
    setProblem(text);
    if (text) return;
    await mutation.mutateAsync(send).catch(() => {/* shown by onError */});
  }

  return { saving: mutation.isPending, problem, setProblem, fieldErrors, setFieldErrors, submit };
}
