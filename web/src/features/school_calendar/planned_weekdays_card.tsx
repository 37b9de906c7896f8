import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, call } from "../../lib/api.ts";
import { germanWeekdayNames } from "../../lib/german_dates.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { FormAlert } from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";

const plannedWeekdaysKey = [...queryKeys.schoolCalendar, "planned-weekdays"];

/**
 * Planungstage (issue 14, decision 0012): the weekdays the school plans lessons on, default Monday
 * to Saturday. Grid, imports, forms and planner all read this; times stored on other days stay.
 */
export function PlannedWeekdaysCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: plannedWeekdaysKey,
    queryFn: ({ signal }) => call("GET /admin/planned-weekdays/", { signal }),
  });
  // The admin's ticks since the last save; a reload of the saved days leaves them alone.
  const [draft, setDraft] = useState<number[] | null>(null);
  const days = draft ?? loaded.data?.planned_weekdays ??
    (loaded.isError ? [1, 2, 3, 4, 5, 6] : null);
  const [problem, setProblem] = useState("");
  const saveDays = useMutation({
    mutationFn: (next: number[]) =>
      call("PUT /admin/planned-weekdays/", { body: { planned_weekdays: next } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(plannedWeekdaysKey, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myPlannedWeekdays });
      setDraft(null);
    },
  });
  const saving = saveDays.isPending;

  const toggle = (day: number) =>
    setDraft(
      days?.includes(day)
        ? days.filter((d) => d !== day)
        : [...(days ?? []), day].sort((a, b) => a - b),
    );

  async function save() {
    if (!days?.length) {
      setProblem("Bitte wählen Sie mindestens einen Planungstag.");
      return;
    }
    setProblem("");
    try {
      await saveDays.mutateAsync(days);
      toast.show("Planungstage gespeichert", "success");
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Fehler beim Speichern");
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
