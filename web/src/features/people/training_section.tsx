import {
  Checkbox,
  DateField,
  FormSection,
  TextField,
  TimeField,
} from "../../components/ui/form_fields.tsx";
import { textBinder } from "./person_form.tsx";
import type { FormPartProps } from "./person_role.ts";
import type { StudentForm, Training } from "./student_types.ts";

type RequiredField =
  | "required_manual_hours"
  | "required_automatic_hours"
  | "required_overland"
  | "required_highway"
  | "required_night";

/** The kinds of the training record in the order a school counts them (issue 22). */
const kinds: { key: keyof Training; label: string; field: RequiredField; unit: string }[] = [
  { key: "manual", label: "Fahrstunden (Schaltwagen)", field: "required_manual_hours", unit: "" },
  {
    key: "automatic",
    label: "Fahrstunden (Automatik)",
    field: "required_automatic_hours",
    unit: "",
  },
  { key: "overland", label: "Überlandfahrten", field: "required_overland", unit: " × 45 min" },
  { key: "highway", label: "Autobahnfahrten", field: "required_highway", unit: " × 45 min" },
  { key: "night", label: "Nachtfahrten", field: "required_night", unit: " × 45 min" },
];

/**
 * 'Ausbildung' in the student detail: what was driven, what is planned and what is still open
 * per kind, counted from the lessons; the numbers the office sets, the release for special drives
 * and the exam date.
 */
export function TrainingSection({ form, setForm, readOnly }: FormPartProps<StudentForm>) {
  const training = form.training;
  if (!training) return null;
  const bind = textBinder(form, setForm);
  return (
    <FormSection
      title="Ausbildung"
      description="Gefahren zählt jede Fahrstunde, deren Zeit vorbei ist und die nicht abgesagt wurde; Sonderfahrten in Einheiten zu 45 Minuten."
    >
      <table className="data-table training-table">
        <thead>
          <tr>
            <th scope="col">Art</th>
            <th scope="col">Soll</th>
            <th scope="col">Gefahren</th>
            <th scope="col">Geplant</th>
            <th scope="col">Offen</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map(({ key, label, unit }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{training[key].required}{unit}</td>
              <td>{training[key].done}</td>
              <td>{training[key].planned}</td>
              <td>{training[key].open}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-grid">
        {kinds.map(({ key, label, field }) => (
          <TextField
            key={key}
            type="number"
            min={0}
            label={`${label}: Soll`}
            readOnly={readOnly}
            {...bind(field)}
          />
        ))}
        <DateField
          label="Prüfungstermin (Tag)"
          value={form.exam_date}
          onChange={(v) => setForm((f) => ({ ...f, exam_date: v }))}
        />
        <TimeField
          label="Prüfungstermin (Uhrzeit)"
          value={form.exam_time}
          onChange={(v) => setForm((f) => ({ ...f, exam_time: v }))}
        />
        <Checkbox
          label="Sonderfahrten freigegeben"
          checked={form.special_drives_released}
          disabled={readOnly}
          onChange={(checked) => setForm((f) => ({ ...f, special_drives_released: checked }))}
        />
      </div>
    </FormSection>
  );
}
