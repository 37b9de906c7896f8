import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { FormSection } from "../../components/ui/form_fields.tsx";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";

/** What a section of dated entries (sick notes, absences) needs to know about its kind. */
export interface DatedEntryKind<Entry extends { id: number }> {
  /** singular, e.g. "Krankmeldung": used in the delete question, its toast and labels */
  noun: string;
  title: string;
  description: string;
  emptyText: string;
  addLabel: string;
  addClassName: string;
  /** the query key of this person's entries of this kind */
  queryKey: readonly unknown[];
  load(signal: AbortSignal): Promise<Entry[]>;
  /** the route that deletes one entry by its id */
  deleteRoute: "DELETE /admin/sick-notes/{id}/" | "DELETE /admin/special-dates/{id}/";
  /** when and how long, e.g. "24.11.2026 – 28.11.2026, ganztägig" */
  describe(entry: Entry): string;
  note(entry: Entry): string | null;
  /** the dialog that adds one; `onSaved` reloads the list */
  addDialog(props: { onClose(): void; onSaved(): void }): ReactNode;
}

/**
 * The list of a person's dated entries in the detail view, with "add" and delete after a
 * question. Entries are written at once (each with an audit line on the server), not with the
 * person form.
 */
export function DatedEntriesSection<Entry extends { id: number }>(
  { kind }: { kind: DatedEntryKind<Entry> },
) {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: kind.queryKey,
    queryFn: ({ signal }) => kind.load(signal),
  });
  const entries = loaded.data ?? (loaded.isError ? [] : null);
  const [adding, setAdding] = useState(false);
  // The entries and the lessons they make affected (the dashboard's banner).
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kind.queryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.affectedAppointments }),
    ]);
  const removal = useMutation({
    mutationFn: (entry: Entry) => call(kind.deleteRoute, { params: { id: entry.id } }),
    onSuccess: changed,
  });

  async function remove(entry: Entry) {
    const ok = await confirm({
      title: `${kind.noun} löschen`,
      message: `${kind.noun} ${kind.describe(entry)} löschen?`,
      confirmLabel: "Löschen",
    });
    if (!ok) return;
    try {
      await removal.mutateAsync(entry);
      toast.show(`${kind.noun} gelöscht.`, "success");
    } catch (error) {
      toast.show(
        error instanceof ApiError && error.message ? error.message : "Löschen fehlgeschlagen.",
        "error",
      );
    }
  }

  return (
    <FormSection
      title={kind.title}
      description={kind.description}
      footer={
        <button type="button" className={kind.addClassName} onClick={() => setAdding(true)}>
          {kind.addLabel}
        </button>
      }
    >
      {entries === null
        ? <p className="muted">Wird geladen …</p>
        : entries.length === 0
        ? <p className="muted">{kind.emptyText}</p>
        : (
          <ul className="sick-notes" aria-label={kind.title}>
            {entries.map((entry) => {
              const note = kind.note(entry);
              return (
                <li key={entry.id}>
                  <span>
                    {kind.describe(entry)}
                    {note && <span className="muted">{` (${note})`}</span>}
                  </span>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={`${kind.noun} ${kind.describe(entry)} löschen`}
                    onClick={() => void remove(entry)}
                  >
                    Löschen
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      {adding && kind.addDialog({ onClose: () => setAdding(false), onSaved: () => void changed() })}
    </FormSection>
  );
}
