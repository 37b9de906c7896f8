import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { loadVersioned, type VersionedData, type VersionedRow } from "./load_versioned.ts";
import type { WriteKind } from "./offline/queue_store.ts";
import { onApplied } from "./offline/sync.ts";
import { queryKeys } from "./query_keys.ts";

/** The query key of the user's own rows of `kind`. */
export function ownRowsKey(kind: WriteKind): readonly unknown[] {
  return kind === "availability" ? queryKeys.myAvailability : queryKeys.mySpecialDates;
}

export interface OwnRowsForm<K extends WriteKind> {
  /** the form has edits the server does not have */
  isDirty(): boolean;
  /** a save is under way: rows loaded meanwhile are older than what is being saved */
  isSaving(): boolean;
  /**
   * Puts rows into the form. `keepEdits`: the first rows arrived after the user had begun
   * editing, so the form keeps what was added meanwhile.
   */
  seed(rows: VersionedRow<K>[], keepEdits: boolean): void;
}

/**
 * The signed-in user's own rows of `kind` for a form that edits them (the weekly grid, the
 * absences), loaded through TanStack Query: a failed load is tried again, and coming back to the
 * window shows what another device saved meanwhile. Rows reach the form only while it holds no
 * unsaved edits: the version stays the one the edits were made on, so the server still detects a
 * conflict. A change the offline queue delivered (onApplied) updates the cache and the form too,
 * and always when the user chose the stored version.
 */
export function useOwnRows<K extends WriteKind>(kind: K, form: OwnRowsForm<K>) {
  const queryClient = useQueryClient();
  const formRef = useRef(form);
  formRef.current = form;
  const query = useQuery({
    queryKey: ownRowsKey(kind),
    queryFn: ({ signal }) => loadVersioned(kind, signal),
  });
  /** the version the form's rows are based on (the If-Match of its save) */
  const version = useRef<number | null>(null);
  const seen = useRef<VersionedData<VersionedRow<K>> | undefined>(undefined);
  // The form shows once rows arrived or the first try failed (an empty form, as offline without a
  // copy); a later retry that succeeds fills it.
  const shown = useRef(false);
  if (query.data || query.failureCount > 0 || query.isError) shown.current = true;

  useEffect(() => {
    const data = query.data;
    if (!data || data === seen.current) return;
    const first = seen.current === undefined;
    seen.current = data;
    const { isDirty, isSaving, seed } = formRef.current;
    if (!first && (isDirty() || isSaving())) return;
    version.current = data.version;
    seed(data.rows, first && isDirty());
  }, [query.data]);

  useEffect(() =>
    onApplied((change) => {
      if (change.kind !== kind) return;
      version.current = change.version;
      const data = {
        rows: change.data as VersionedRow<K>[],
        version: change.version,
        pending: false,
      };
      seen.current = data;
      queryClient.setQueryData(ownRowsKey(kind), data);
      if (change.adopted || !formRef.current.isDirty()) formRef.current.seed(data.rows, false);
    }), [kind, queryClient]);

  return { loading: !shown.current, version, refetch: query.refetch };
}
