import { type FormEvent, type ReactNode, useId, useState } from "react";
import { de } from "../../i18n/de.ts";
import { ApiError } from "../../lib/api.ts";
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
 * server's words (else `failed`), becomes the form's problem, a failed call also a toast.
 */
export function useDialogSubmit(failed: string) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");

  /** `objection` is the client check's message, '' when the form may be sent. */
  async function submit(objection: string, send: () => Promise<void>) {
    if (saving) return;
    setProblem(objection);
    if (objection) return;
    setSaving(true);
    try {
      await send();
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : failed;
      setProblem(message);
      toast.show(message, "error", 5000);
    } finally {
      setSaving(false);
    }
  }

  return { saving, problem, setProblem, submit };
}
