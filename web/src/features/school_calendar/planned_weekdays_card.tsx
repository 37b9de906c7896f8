import { useEffect, useState } from "react";
import { api, ApiError } from "../../lib/api.ts";
import { germanWeekdayNames } from "../../lib/german_dates.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { FormAlert } from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";

/**
 * Planungstage (issue 14, decision 0012): the weekdays the school plans lessons on, default Monday
 * to Saturday. Grid, imports, forms and planner all read this; times stored on other days stay.
 */
export function PlannedWeekdaysCard() {
  const toast = useToast();
  const [days, setDays] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    api.get<{ planned_weekdays: number[] }>("/admin/planned-weekdays/")
      .then((answer) => setDays(answer.planned_weekdays))
      .catch(() => setDays([1, 2, 3, 4, 5, 6]));
  }, []);

  const toggle = (day: number) =>
    setDays((current) =>
      current?.includes(day)
        ? current.filter((d) => d !== day)
        : [...(current ?? []), day].sort((a, b) => a - b)
    );

  async function save() {
    if (!days?.length) {
      setProblem("Bitte wählen Sie mindestens einen Planungstag.");
      return;
    }
    setProblem("");
    setSaving(true);
    try {
      const answer = await api.put<{ planned_weekdays: number[] }>("/admin/planned-weekdays/", {
        planned_weekdays: days,
      });
      setDays(answer.planned_weekdays);
      toast.show("Planungstage gespeichert", "success");
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Fehler beim Speichern");
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="weekdays-title">
      <h2 id="weekdays-title" className="card-title">Planungstage</h2>
      <p>
        An diesen Wochentagen plant die KI Fahrstunden; nur sie können Fahrlehrer und Schüler in
        ihrer Verfügbarkeit markieren. Zeiten an anderen Tagen bleiben gespeichert.
      </p>
      <FormAlert message={problem} />
      <fieldset className="planned-weekdays" disabled={days === null}>
        <legend className="sr-only">Planungstage</legend>
        {germanWeekdayNames.map((name, i) => (
          <label key={name} className="checkbox-label">
            <input
              type="checkbox"
              checked={days?.includes(i + 1) ?? false}
              onChange={() => toggle(i + 1)}
            />{" "}
            {name}
          </label>
        ))}
      </fieldset>
      <BusyButton
        busy={saving}
        busyLabel="Wird gespeichert…"
        onClick={save}
        disabled={days === null || saving}
      >
        Planungstage übernehmen
      </BusyButton>
    </section>
  );
}
