import { unreadableFieldProblem } from "../../components/ui/unreadable_fields.ts";
import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { DateInput } from "../../components/ui/date_input.tsx";
import { TimeInput } from "../../components/ui/time_input.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { type SaveOutcome, saveThroughQueue } from "../../lib/offline/sync.ts";
import type { VersionedRow } from "../../lib/load_versioned.ts";
import { ownRowsKey, useOwnRows } from "../../lib/use_own_rows.ts";
import { SaveBar } from "../../components/ui/save_bar.tsx";
import { saveStatus, useTimedStatus } from "../../lib/use_timed_status.ts";
import "./absences.css";
import { call } from "../../lib/api.ts";
import type { BodyOf } from "../../lib/api_types.ts";
import { absencePastProblem } from "../../../../common/absence_dates.ts";
import { todayIso } from "../../lib/german_dates.ts";

/** A stored or queued absence as the API speaks it: `date` to `end_date`, both inclusive. */
type SpecialDate = VersionedRow<"special_dates">;

/** One row of the form. */
interface AbsenceEntry {
  uid: number;
  date: string;
  /** Last day; '' = the same day as `date`. */
  to: string;
  type: "full" | "partial";
  start: string;
  end: string;
  description: string;
  /** how the entry was stored, to tell a new or changed entry from one that has since passed */
  stored?: string;
}

let nextUid = 1;

/** The days, kind and hours of an entry, as the server compares them with the stored ones. */
function entryKey(e: Omit<AbsenceEntry, "uid" | "stored">): string {
  const hours = e.type === "full" ? "" : `${e.start}-${e.end}`;
  return `${e.date}|${e.to || e.date}|${e.type}|${hours}`;
}

function toEntry(row: SpecialDate): AbsenceEntry {
  const entry: AbsenceEntry = {
    uid: nextUid++,
    date: row.date,
    to: row.end_date && row.end_date !== row.date ? row.end_date : "",
    type: row.is_unavailable ? "full" : "partial",
    start: row.start_time?.slice(0, 5) ?? "",
    end: row.end_time?.slice(0, 5) ?? "",
    description: row.description ?? "",
  };
  return { ...entry, stored: entryKey(entry) };
}

function toPayload(entries: AbsenceEntry[]): BodyOf<"POST /my-special-dates/">["special_dates"] {
  // Entries without a date are dropped before saving (spec 02 §5).
  return entries.filter((entry) => entry.date).map((entry) => ({
    date: entry.date,
    end_date: entry.to || entry.date,
    is_unavailable: entry.type === "full",
    start_time: entry.type === "full" ? null : entry.start,
    end_time: entry.type === "full" ? null : entry.end,
    description: entry.description.trim(),
  }));
}

const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

/** What is wrong with the entry's days (past, order, length), shown at the last day's field. */
function rangeProblem(entry: AbsenceEntry): string | null {
  // A new or changed absence before today (issue 25); one that has since passed stays as it is.
  if (entry.date && entry.stored !== entryKey(entry)) {
    const past = absencePastProblem(entry.date, entry.to || entry.date, todayIso());
    if (past) return past;
  }
  if (!entry.to) return null;
  if (!entry.date) return "Bitte geben Sie zuerst den ersten Tag an.";
  if (entry.to < entry.date) return "Der letzte Tag darf nicht vor dem ersten Tag liegen.";
  if (dayNumber(entry.to) - dayNumber(entry.date) > 366) {
    return "Eine Abwesenheit darf höchstens ein Jahr lang sein.";
  }
  return null;
}

function problemOf(entries: ReturnType<typeof toPayload>): string | null {
  const bad = entries.find((e) => !e.is_unavailable && (!e.start_time || !e.end_time));
  if (bad) return "Bitte geben Sie bei teilweiser Abwesenheit eine Start- und eine Endzeit an.";
  const reversed = entries.find((e) => !e.is_unavailable && e.start_time! >= e.end_time!);
  if (reversed) return "Bei teilweiser Abwesenheit muss die Startzeit vor der Endzeit liegen.";
  return null;
}

/** The user's coming lessons inside one of their absences; 0 when it cannot be asked. */
async function lessonsInAbsence(): Promise<number> {
  try {
    const lessons = await call("GET /my-appointments/");
    const now = new Date().toISOString();
    return lessons.filter((l) =>
      l.in_own_absence && l.status !== "cancelled" && new Date(l.start_time).toISOString() > now
    ).length;
  } catch {
    return 0; // offline or refused: the save itself went through, say only that
  }
}

function hitSentence(n: number): string {
  return n === 1
    ? "1 Ihrer Termine liegt in einer Abwesenheit; die Fahrschule plant ihn neu."
    : `${n} Ihrer Termine liegen in einer Abwesenheit; die Fahrschule plant sie neu.`;
}

/**
 * The 'Urlaub & Abwesenheit' card: whole or partial days off, saved as one set. `onUnsaved` tells
 * the screen whether entries are unsaved, so leaving asks first as it does for the grid.
 */
export function AbsencesCard({ onUnsaved }: { onUnsaved?(unsaved: boolean): void }) {
  const [entries, setEntries] = useState<AbsenceEntry[]>([]);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const dirty = useRef(false);
  const unsavedRef = useRef(onUnsaved);
  unsavedRef.current = onUnsaved;
  const [unsaved, setUnsaved] = useState(false);
  const markDirty = useCallback((value: boolean) => {
    dirty.current = value;
    setUnsaved(value);
    unsavedRef.current?.(value);
  }, []);
  const cardRef = useRef<HTMLElement>(null);
  const { status, show } = useTimedStatus();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { version } = useOwnRows("special_dates", {
    isDirty: () => dirty.current,
    isSaving: () => savingRef.current,
    seed: (rows, keepEdits) => {
      const stored = rows.map(toEntry);
      // Rows the user added while the first load was under way are not on the server yet: kept.
      setEntries((current) => (keepEdits ? [...stored, ...current] : stored));
      if (!keepEdits) markDirty(false);
    },
  });

  const change = (uid: number, patch: Partial<AbsenceEntry>) => {
    markDirty(true);
    setEntries((list) => list.map((entry) => (entry.uid === uid ? { ...entry, ...patch } : entry)));
  };

  const add = () => {
    markDirty(true);
    setEntries((list) => [
      ...list,
      { uid: nextUid++, date: "", to: "", type: "full", start: "", end: "", description: "" },
    ]);
  };

  const remove = (uid: number) => {
    markDirty(true);
    setEntries((list) => list.filter((entry) => entry.uid !== uid));
  };

  const save = async () => {
    const payload = toPayload(entries);
    // A mistyped date is never dropped: it blocks the save with its German message at the field.
    const badRange = entries.map(rangeProblem).find(Boolean);
    const problem = unreadableFieldProblem(cardRef.current) || badRange || problemOf(payload);
    if (problem) {
      // At the save button, until the next save: a toast covered the fields on a phone and
      // still said "nichts gespeichert" after the corrected save had succeeded.
      show(`Fehler beim Speichern: ${problem}`, "error", true);
      return;
    }
    setSaving(true);
    savingRef.current = true;
    markDirty(false);
    let outcome: SaveOutcome | null = null;
    try {
      outcome = await saveThroughQueue("special_dates", payload, version.current);
    } catch (err) {
      console.error(err);
    }
    const line = saveStatus(outcome, "Urlaub/Abwesenheit erfolgreich gespeichert");
    // Unsaved again: a change applied from elsewhere must not overwrite the entries now.
    if (line.tone === "error") markDirty(true);
    // How many of the user's lessons now lie in an absence, as the office's sick note says it
    // (issue 25); it stays until the next save, the user should read it.
    const hit = outcome?.status === "saved" ? await lessonsInAbsence() : 0;
    if (hit > 0) show(`${line.text}. ${hitSentence(hit)}`, "info", true);
    else show(line.text, line.tone);
    if (outcome?.status === "rejected") toast.show(outcome.message, "error", 5000);
    if (outcome?.status === "queued") setEntries((list) => list.filter((entry) => entry.date));
    savingRef.current = false;
    // The stored absences load again (with their ids), as every screen showing them does.
    if (outcome?.status === "saved") {
      await queryClient.invalidateQueries({ queryKey: ownRowsKey("special_dates") });
    }
    setSaving(false);
  };

  return (
    <section
      ref={cardRef}
      className="card absences-card"
      aria-labelledby="absences-heading"
      data-tutorial="absences"
    >
      <div className="card-header">
        <h2 id="absences-heading">Urlaub &amp; Abwesenheit</h2>
        <button type="button" className="button button-secondary button-small" onClick={add}>
          + Abwesenheit hinzufügen
        </button>
      </div>
      {entries.length === 0 && (
        <p className="muted absences-empty">
          Keine Abwesenheiten eingetragen. Fügen Sie Urlaubstage oder einzelne Termine hinzu, an
          denen Sie nicht verfügbar sind.
        </p>
      )}
      <ul className="absences-list">
        {entries.map((entry, index) => {
          const n = index + 1;
          const toProblem = rangeProblem(entry);
          const toErrorId = `absence-to-error-${entry.uid}`;
          return (
            <li key={entry.uid} className="absence-row" aria-label={`Abwesenheit ${n}`}>
              <DateInput
                label="Erster Tag"
                value={entry.date}
                onChange={(date) => change(entry.uid, { date })}
                className="absence-date"
              />
              <div className="absence-date absence-to">
                <DateInput
                  label="Letzter Tag"
                  value={entry.to}
                  onChange={(to) => change(entry.uid, { to })}
                  aria-describedby={toProblem ? toErrorId : `absence-to-hint-${entry.uid}`}
                />
                {toProblem
                  ? (
                    <span id={toErrorId} className="date-input-error" role="alert">
                      {toProblem}
                    </span>
                  )
                  : (
                    <span id={`absence-to-hint-${entry.uid}`} className="field-hint">
                      leer = nur der erste Tag
                    </span>
                  )}
              </div>
              <div className="form-field absence-type">
                <label htmlFor={`absence-type-${entry.uid}`}>Art</label>
                <select
                  id={`absence-type-${entry.uid}`}
                  className="input"
                  value={entry.type}
                  onChange={(e) => {
                    const type = e.target.value as AbsenceEntry["type"];
                    // A whole day has no times: choosing it clears them (spec 02 §2).
                    change(entry.uid, type === "full" ? { type, start: "", end: "" } : { type });
                  }}
                >
                  <option value="full">Ganztägig</option>
                  <option value="partial">Teilweise</option>
                </select>
              </div>
              {entry.type === "partial" && (
                <>
                  <TimeInput
                    label="Von"
                    value={entry.start}
                    onChange={(start) => change(entry.uid, { start })}
                    className="absence-time"
                  />
                  <TimeInput
                    label="Bis"
                    value={entry.end}
                    onChange={(end) => change(entry.uid, { end })}
                    className="absence-time"
                  />
                </>
              )}
              <div className="form-field absence-description">
                <label htmlFor={`absence-description-${entry.uid}`}>Beschreibung (optional)</label>
                <input
                  id={`absence-description-${entry.uid}`}
                  className="input"
                  value={entry.description}
                  maxLength={500}
                  placeholder="z. B. Urlaub, Klausur, Arzttermin"
                  onChange={(e) => change(entry.uid, { description: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="button button-ghost button-small absence-remove"
                aria-label={`Abwesenheit ${n} entfernen`}
                onClick={() => remove(entry.uid)}
              >
                Entfernen
              </button>
            </li>
          );
        })}
      </ul>
      <SaveBar
        status={status}
        saving={saving}
        disabled={saving}
        label="Abwesenheiten speichern"
        onSave={save}
        unsaved={unsaved}
      />
    </section>
  );
}
