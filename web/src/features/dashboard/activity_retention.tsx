import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { BusyButton } from "../../components/ui/busy_button.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/**
 * "Aufbewahrung": how many months the activity log keeps a line (DSGVO, issue 25 point 10). A
 * shorter time deletes the older lines at once, so the field says so before the save.
 */
export function ActivityRetention({ months }: { months: number }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(months));
  useEffect(() => setValue(String(months)), [months]);
  const save = useMutation({
    mutationFn: () =>
      call("PUT /admin/activity/retention/", { body: { retention_months: Number(value) } }),
    onSuccess: (answer) => {
      const months = answer.retention_months;
      toast.show(
        `Aktivitäten werden ${months} ${months === 1 ? "Monat" : "Monate"} aufbewahrt.`,
        "success",
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
    onError: (error) => {
      toast.show(error instanceof ApiError ? error.message : "Speichern fehlgeschlagen.", "error");
    },
  });
  return (
    <form
      className="activity-retention"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor={`${id}-months`}>Einträge aufbewahren (Monate)</label>
      <input
        id={`${id}-months`}
        type="number"
        className="input"
        inputMode="numeric"
        min={1}
        max={120}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <BusyButton
        type="submit"
        className="button button-secondary"
        busy={save.isPending}
        busyLabel="Wird gespeichert …"
      >
        Speichern
      </BusyButton>
      <p id={`${id}-hint`} className="field-hint">
        Ältere Einträge werden gelöscht. Namen gelöschter Personen stehen im Protokoll nur noch als
        „Gelöschte Person #…“.
      </p>
    </form>
  );
}
