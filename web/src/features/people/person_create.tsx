import { unreadableFieldProblem } from "../../components/ui/unreadable_fields.ts";
import { type FormEvent, useState } from "react";
import type { Credentials } from "../../components/ui/credentials_modal.tsx";
import { FormDialog, useDialogSubmit } from "../../components/ui/form_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { de } from "../../i18n/de.ts";
import { call } from "../../lib/api.ts";
import type { PersonFields, PersonRow } from "./people_types.ts";
import { PersonForm } from "./person_form.tsx";
import type { PersonRole } from "./person_role.ts";

interface Props<Row extends PersonRow, Detail extends Row, Form extends PersonFields> {
  role: PersonRole<Row, Detail, Form>;
  onClose(): void;
  /** the new person's sign-in, to be shown once */
  onCreated(credentials: Credentials | null): void;
}

/** The create form ('Fahrlehrer hinzufügen', 'Neuen Schüler anlegen'), spec 02 §2, §5, §8. */
export function PersonCreateModal<
  Row extends PersonRow,
  Detail extends Row,
  Form extends PersonFields,
>({ role, onClose, onCreated }: Props<Row, Detail, Form>) {
  const toast = useToast();
  const [form, setForm] = useState(role.emptyForm);
  const { create } = role;
  const { saving, problem, fieldErrors, submit } = useDialogSubmit(create.failed);

  function send(event: FormEvent) {
    event.preventDefault();
    const unreadable = unreadableFieldProblem(event.currentTarget as Element);
    void submit(unreadable || create.problems(form), async () => {
      const answer = await call(create.route, { body: create.payload(form) });
      toast.show(create.done(answer), "success");
      if (create.passwordToast && answer.password) {
        toast.show(`Passwort: ${answer.password}`, "info", 10_000);
      }
      onCreated(
        answer.password
          ? { name: answer.name, username: answer.username, password: answer.password }
          : null,
      );
    });
  }

  return (
    <FormDialog
      title={create.title}
      size="full"
      saving={saving}
      submitLabel={create.submitLabel}
      busyLabel={de.actions.creating}
      formClassName="long-form"
      onSubmit={send}
      onClose={onClose}
    >
      <PersonForm
        role={role}
        form={form}
        setForm={setForm}
        readOnly={false}
        problem={problem}
        errors={fieldErrors}
      />
    </FormDialog>
  );
}
