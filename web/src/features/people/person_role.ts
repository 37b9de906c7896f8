import type { ComponentType, Dispatch, SetStateAction } from "react";
import type { Column } from "../../components/ui/data_table.tsx";
import type { ExportCell } from "../../lib/export_files.ts";
import type { BodyOf } from "../../lib/api_types.ts";
import type { CreatedAnswer, PersonFields, PersonRow } from "./people_types.ts";
import type { FieldErrors } from "../../lib/field_errors.ts";
import type { ErrorFields } from "./corrected_errors.ts";

/** The create-manual routes of the two roles. */
export type CreateRoute =
  | "POST /admin/instructors/create-manual/"
  | "POST /admin/students/create-manual/";

/** What a role's own part of the person form gets. */
export interface FormPartProps<Form> {
  form: Form;
  setForm: Dispatch<SetStateAction<Form>>;
  readOnly: boolean;
  /** shown read-only in the detail view; absent on create (the server generates it) */
  username?: string;
  /** the last save's errors by field (the client's checks or the server's), shown beside each */
  errors?: FieldErrors;
}

/** What the people list needs of a role: its API name, its word and its columns. */
export interface PersonListRole<Row extends PersonRow> {
  /** the API's role: the list's fixed `role` parameter */
  role: "instructor" | "student";
  /** 'Fahrlehrer' or 'Fahrschüler': heading, table name and every list message (spec 02 §8) */
  word: string;
  /** the list columns between the name and the status */
  columns: Column<Row>[];
  exportFile: string;
  /** the export columns between 'E-Mail' and 'Status' */
  exportColumns: { header: string; cell(row: Row): ExportCell }[];
}

/** The role's own parts of the person form. */
export interface PersonFormParts<Form> {
  /** the role's own fields at the end of 'Persönliche Daten' */
  PersonalFields?: ComponentType<FormPartProps<Form>>;
  /** the role's own sections after 'Persönliche Daten' */
  Sections: ComponentType<FormPartProps<Form>>;
  /** form fields of error keys named otherwise (payload name → form keys), see corrected_errors.ts */
  errorFields?: ErrorFields;
}

/**
 * Everything that tells the instructors' screens from the students' (spec 02 §2-§8): its words,
 * list and export columns, API paths, form sections and checks. The screens themselves are shared.
 */
export interface PersonRole<Row extends PersonRow, Detail extends Row, Form extends PersonFields>
  extends PersonListRole<Row>, PersonFormParts<Form> {
  emptyForm(): Form;
  formFromDetail(detail: Detail): Form;
  create: {
    /** the create-manual call */
    route: CreateRoute;
    title: string;
    submitLabel: string;
    /** every client check's error at once, by field (issue 25) */
    problems(form: Form): FieldErrors;
    payload(form: Form): BodyOf<CreateRoute>;
    /** the success toast */
    done(answer: CreatedAnswer): string;
    /** the error when the server names none */
    failed: string;
    /** whether the new password is also shown as a toast (the students' form does, spec 02 §8) */
    passwordToast: boolean;
  };
  update: {
    problems(form: Form): FieldErrors;
    payload(form: Form): BodyOf<"PUT /admin/users/{id}/">;
    /** the success toast */
    done: string;
    /** the error toast; `message` is the server's, or '' */
    failed(message: string): string;
  };
}
