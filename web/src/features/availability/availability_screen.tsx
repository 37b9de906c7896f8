import { type ComponentType, useCallback, useRef, useState } from "react";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { TourButton } from "../../components/ui/tour_button.tsx";
import { Tutorial } from "../../components/ui/tutorial.tsx";
import { useTour } from "../../components/ui/use_tour.ts";
import { useAuth } from "../../lib/auth.tsx";
import { type SaveOutcome, saveThroughQueue } from "../../lib/offline/sync.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { useOwnRows } from "../../lib/use_own_rows.ts";
import { usePlannedWeekdays } from "../../lib/use_planned_weekdays.ts";
import { MobileDayList } from "./mobile_day_list.tsx";
import { SaveBar } from "../../components/ui/save_bar.tsx";
import { useUnsavedChangesGuard } from "../../lib/unsaved_changes.ts";
import {
  cellMinutes,
  gridHours,
  hoursText,
  isPlanned,
  partialHours,
  type Selection,
  selectionToSlots,
  slotKey,
  slotsToSelection,
  toggleAll,
  weekdayKeys,
  withKeys,
  withoutKeys,
} from "./slots.ts";
import { tutorialSteps } from "./tutorial_steps.ts";
import { useDragSelection } from "./use_drag_selection.ts";
import { saveStatus, useTimedStatus } from "../../lib/use_timed_status.ts";
import { useWideScreen } from "../../lib/use_wide_screen.ts";
import { WeeklyGrid } from "./weekly_grid.tsx";
import "./availability.css";

/** The role's tour and the spec's local key for it; staff have neither here. */
function tourOf(role: string | undefined) {
  if (role === "instructor") {
    return { tour: "instructor", storageKey: "instructor-tutorial-completed" } as const;
  }
  if (role === "student") {
    return { tour: "student", storageKey: "student-tutorial-completed" } as const;
  }
  return null;
}

/** The card below the grid with its own save (the app passes in the absences card). */
export type BelowGridCard = ComponentType<{ onUnsaved(unsaved: boolean): void }>;

/** Meine wöchentliche Verfügbarkeit: the weekly grid and the absences card. */
export default function AvailabilityScreen({ AbsencesCard }: { AbsencesCard: BelowGridCard }) {
  usePageTitle("Verfügbarkeit");
  const { user } = useAuth();
  const confirm = useConfirm();
  const wide = useWideScreen();
  const [selection, setSelection] = useState<Selection>({});
  // Hours stored only in part (a working day from 08:30): shown as such until the user changes them.
  const [partial, setPartial] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  // Edits since the last save: a replay finishing in the background must not overwrite them, and
  // leaving the screen asks first (issue 14, problem 5).
  const dirty = useRef(false);
  const [unsaved, setUnsaved] = useState(false);
  const markDirty = useCallback((value: boolean) => {
    dirty.current = value;
    setUnsaved(value);
  }, []);
  // The absences card below has its own save; its unsaved entries count as much as the grid's.
  const [absencesUnsaved, setAbsencesUnsaved] = useState(false);
  useUnsavedChangesGuard(unsaved || absencesUnsaved);
  // Offline: Monday to Saturday, the server checks on save.
  const planned = usePlannedWeekdays();
  const plannedRef = useRef(planned);
  plannedRef.current = planned;
  const { status, show } = useTimedStatus();
  const { loading, version } = useOwnRows("availability", {
    isDirty: () => dirty.current,
    isSaving: () => savingRef.current,
    seed: (rows, keepEdits) => {
      // Edits made after a failed first load stay; the user saves them.
      if (keepEdits) return;
      setSelection(slotsToSelection(rows));
      setPartial(partialHours(rows));
      markDirty(false);
    },
  });
  const roleTour = tourOf(user?.role);
  const tutorial = useTour({
    tour: roleTour?.tour ?? "student",
    storageKey: roleTour?.storageKey ?? "",
    enabled: roleTour !== null,
    userId: user?.id ?? null,
    autoStart: !loading,
  });

  const edit = useCallback((change: (current: Selection) => Selection) => {
    markDirty(true);
    const current = selectionRef.current;
    const next = change(current);
    // An hour the user changed is a whole hour from now on: its "ab 08:30" goes.
    const touched = Object.keys({ ...current, ...next }).filter((k) => !!current[k] !== !!next[k]);
    if (touched.length) setPartial((p) => withoutKeys(p, touched));
    selectionRef.current = next;
    setSelection(next);
  }, [markDirty]);
  const canEdit = useCallback(
    (key: string) => isPlanned(weekdayKeys.indexOf(key.split("-")[0]), plannedRef.current),
    [],
  );
  const onExtend = useCallback(
    (from: string, to: string) => {
      if (canEdit(to)) edit((current) => withKeys(current, [to], !!current[from]));
    },
    [edit, canEdit],
  );
  const isSelected = useCallback((key: string) => !!selectionRef.current[key], []);
  const apply = useCallback(
    (key: string, selected: boolean) => edit((current) => withKeys(current, [key], selected)),
    [edit],
  );
  const drag = useDragSelection(isSelected, apply, canEdit);
  const onDayHeader = useCallback(
    (day: number) => {
      if (!isPlanned(day, plannedRef.current)) return;
      edit((current) => toggleAll(current, gridHours.map((h) => slotKey(day, h))));
    },
    [edit],
  );
  const onHourLabel = useCallback(
    (hour: number) =>
      edit((current) =>
        toggleAll(
          current,
          [0, 1, 2, 3, 4, 5, 6].filter((day) => isPlanned(day, plannedRef.current))
            .map((day) => slotKey(day, hour)),
        )
      ),
    [edit],
  );

  const reset = async () => {
    const ok = await confirm({
      message: "Möchten Sie wirklich alle Ihre Verfügbarkeiten löschen?",
      confirmLabel: "Zurücksetzen",
      variant: "danger",
    });
    if (!ok) return;
    // Only the planned days are cleared; what is stored on other days stays.
    edit((current) =>
      withKeys(
        current,
        Object.keys(current).filter((key) => canEdit(key)),
        false,
      )
    );
    show("Auswahl zurückgesetzt", "info");
  };

  const save = async () => {
    setSaving(true);
    savingRef.current = true;
    markDirty(false);
    let outcome: SaveOutcome | null = null;
    try {
      outcome = await saveThroughQueue(
        "availability",
        selectionToSlots(selectionRef.current, plannedRef.current),
        version.current,
      );
      if (outcome.status === "saved") version.current = outcome.version;
    } catch (err) {
      console.error(err);
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
    const line = saveStatus(outcome, "Verfügbarkeit erfolgreich gespeichert");
    // Unsaved again: a change applied from elsewhere must not overwrite the selection now.
    if (line.tone === "error") markDirty(true);
    show(line.text, line.tone);
  };

  // Hours per week as stored: a cell "ab 08:30" counts its half hour (issue 25).
  const selectedMinutes = selectionToSlots(selection, planned).reduce((sum, slot) => {
    const key = slotKey(slot.day_of_week - 1, Number(slot.start_time.slice(0, 2)));
    return sum + cellMinutes(key, partial);
  }, 0);
  const selectedCount = selectedMinutes / 60;
  const gridProps = {
    selection,
    partial,
    planned,
    onCellPointerDown: drag.onPointerDown,
    onCellClick: drag.onKeyboardClick,
    onDayHeader,
  };

  return (
    <div className="page availability-page">
      <header className="page-header">
        <div>
          <h1>Meine wöchentliche Verfügbarkeit</h1>
          <p>
            Markieren Sie die Stunden, in denen Sie regelmäßig Zeit haben. Ihre Markierungen sind
            die Grundlage für die Terminplanung.
          </p>
        </div>
        {roleTour && <TourButton onClick={tutorial.start} />}
      </header>

      <section className="card availability-card" aria-labelledby="weekly-heading">
        <div className="card-header">
          <h2 id="weekly-heading">Wochenplan</h2>
          <span className="badge badge-info" aria-live="polite">
            {selectedCount === 0 ? "0 Stunden" : hoursText(selectedCount)} pro Woche
          </span>
        </div>
        <p className="availability-hint">
          {wide
            ? "Klicken oder ziehen Sie über die Zellen. Ein Klick auf einen Wochentag oder eine Uhrzeit wählt die ganze Spalte bzw. Zeile."
            : "Tippen Sie auf eine Stunde oder ziehen Sie waagerecht über mehrere Stunden."}
        </p>
        {loading
          ? <div className="page-loading" aria-busy="true" aria-label="Wird geladen" />
          : wide
          ? <WeeklyGrid {...gridProps} onHourLabel={onHourLabel} onExtend={onExtend} />
          : <MobileDayList {...gridProps} onExtend={onExtend} />}
        <p className="availability-weekend-note">
          <span className="availability-weekend-swatch" aria-hidden="true" />
          Grau: kein Planungstag der Fahrschule. Dort gespeicherte Zeiten bleiben erhalten.
        </p>
        <SaveBar
          status={status}
          saving={saving}
          disabled={saving || loading}
          label="Verfügbarkeit speichern"
          onSave={save}
          tutorialStep="save"
          unsaved={unsaved}
        >
          <button type="button" className="button button-secondary" onClick={reset}>
            Auswahl zurücksetzen
          </button>
        </SaveBar>
      </section>

      <AbsencesCard onUnsaved={setAbsencesUnsaved} />

      <Tutorial
        steps={tutorialSteps(user?.role === "instructor" ? "instructor" : "student", wide)}
        open={tutorial.open}
        onFinish={tutorial.finish}
        label={user?.role === "instructor" ? "Tutorial für Fahrlehrer" : "Tutorial für Fahrschüler"}
      />
    </div>
  );
}
