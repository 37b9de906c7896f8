import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError, call } from "../../lib/api.ts";
import type { AnswerOf } from "../../lib/api_types.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { FormAlert, TextField } from "../../components/ui/form_fields.tsx";
import { useToast } from "../../components/ui/toast.tsx";

type PickupPoints = AnswerOf<"GET /admin/pickup-points/">["results"];

/**
 * Treffpunkte (issue 22): where instructors pick students up. The list the student form, the
 * questionnaire and the import offer; a rename carries over to the students, a place still in use
 * is not deleted.
 */
export function PickupPointsCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: queryKeys.pickupPoints,
    queryFn: ({ signal }) => call("GET /admin/pickup-points/", { signal }),
  });
  const points: PickupPoints = loaded.data?.results ?? [];
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const [problem, setProblem] = useState("");

  const saved = (answer: { results: PickupPoints }, message: string) => {
    queryClient.setQueryData(queryKeys.pickupPoints, answer);
    // The students' Startort changes with a rename.
    void queryClient.invalidateQueries({ queryKey: queryKeys.people });
    setEditing(null);
    setProblem("");
    toast.show(message, "success");
  };
  const save = useMutation({
    mutationFn: () =>
      editing === "new"
        ? call("POST /admin/pickup-points/", { body: { name, address } })
        : call("PUT /admin/pickup-points/{id}/", {
          params: { id: editing as number },
          body: { name, address },
        }),
    onSuccess: (answer) => saved(answer, "Treffpunkt gespeichert"),
    onError: (error) =>
      setProblem(error instanceof ApiError ? error.message : "Fehler beim Speichern"),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call("DELETE /admin/pickup-points/{id}/", { params: { id } }),
    onSuccess: (answer) => saved(answer, "Treffpunkt gelöscht"),
    onError: (error) =>
      setProblem(error instanceof ApiError ? error.message : "Fehler beim Löschen"),
  });

  function start(point: PickupPoints[number] | null) {
    setEditing(point ? point.id : "new");
    setName(point?.name ?? "");
    setAddress(point?.address ?? "");
    setProblem("");
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setProblem("Bitte geben Sie einen Namen für den Treffpunkt ein.");
      return;
    }
    save.mutate();
  }

  const form = (
    <form className="pickup-point-form" onSubmit={submit} aria-label="Treffpunkt bearbeiten">
      <TextField label="Name" required value={name} onChange={setName} maxLength={50} />
      <TextField
        label="Adresse (freiwillig)"
        value={address}
        onChange={setAddress}
        maxLength={200}
      />
      <div className="pickup-point-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Speichern
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            setEditing(null)}
        >
          Abbrechen
        </button>
      </div>
    </form>
  );

  return (
    <section className="card" aria-labelledby="pickup-title">
      <div className="card-header">
        <h2 id="pickup-title">Treffpunkte</h2>
        <span className="badge badge-primary">{points.length} Orte</span>
      </div>
      <p>
        Wo die Fahrlehrer die Schüler abholen. Schülerformular, Fragebogen und Import bieten diese
        Orte an; jede Fahrstunde zeigt den Treffpunkt ihres Schülers.
      </p>
      <FormAlert message={problem} />
      <ul className="pickup-points">
        {points.map((point) => (
          <li key={point.id}>
            {editing === point.id ? form : (
              <>
                <span className="pickup-point-name">{point.name}</span>
                {point.address && <span className="field-hint">{point.address}</span>}
                <span className="field-hint">
                  {point.students === 1 ? "1 Fahrschüler" : `${point.students} Fahrschüler`}
                </span>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`${point.name} bearbeiten`}
                  onClick={() => start(point)}
                >
                  Bearbeiten
                </button>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`${point.name} löschen`}
                  onClick={() => remove.mutate(point.id)}
                  disabled={remove.isPending}
                >
                  Löschen
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === "new"
        ? form
        : (
          <button type="button" className="button button-secondary" onClick={() => start(null)}>
            + Treffpunkt hinzufügen
          </button>
        )}
    </section>
  );
}
