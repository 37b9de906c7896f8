import { useCallback, useEffect, useRef, useState } from "react";
import { useConfirm } from "../../components/ui/confirm_dialog.tsx";
import { Tutorial, useTutorial } from "../../components/ui/tutorial.tsx";
import { useAuth } from "../../lib/auth.tsx";
import { onApplied, type SaveOutcome, saveThroughQueue } from "../../lib/offline/sync.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { AbsencesCard } from "./absences_card.tsx";
import { loadVersioned } from "./load_versioned.ts";
import { MobileDayList } from "./mobile_day_list.tsx";
import { SaveBar } from "./save_bar.tsx";
import {
  type AvailabilitySlot,
  gridHours,
  type Selection,
  selectionToSlots,
  slotKey,
  slotsToSelection,
  toggleAll,
  withKeys,
} from "./slots.ts";
import { instructorTutorialSteps, studentTutorialSteps } from "./tutorial_steps.ts";
import { useDragSelection } from "./use_drag_selection.ts";
import { saveStatus, useTimedStatus } from "./use_timed_status.ts";
import { useWideScreen } from "../../lib/use_wide_screen.ts";
import { WeeklyGrid } from "./weekly_grid.tsx";
import "./availability.css";

function tutorialKey(role: string | undefined): string | null {
  if (role === "instructor") return "instructor-tutorial-completed";
  if (role === "student") return "student-tutorial-completed";
  return null;
}

/** Meine wöchentliche Verfügbarkeit: the weekly grid and the absences card. */
export default function AvailabilityScreen() {
  usePageTitle("Verfügbarkeit");
  const { user } = useAuth();
  const confirm = useConfirm();
  const wide = useWideScreen();
  const [selection, setSelection] = useState<Selection>({});
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const version = useRef<number | null>(null);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  // Edits since the last save: a replay finishing in the background must not overwrite them.
  const dirty = useRef(false);
  const { status, show } = useTimedStatus();
  const tutorial = useTutorial(tutorialKey(user?.role));

  useEffect(() => {
    let live = true;
    loadVersioned<AvailabilitySlot>("availability", "/my-availability/")
      .then((data) => {
        if (!live) return;
        setSelection(slotsToSelection(data.rows));
        version.current = data.version;
      })
      .catch((err) => console.error("Verfügbarkeit konnte nicht geladen werden", err))
      .finally(() => live && setLoading(false));
    const stop = onApplied((change) => {
      if (change.kind !== "availability") return;
      version.current = change.version;
      if (change.adopted || !dirty.current) {
        setSelection(slotsToSelection(change.data as AvailabilitySlot[]));
        dirty.current = false;
      }
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const edit = useCallback((change: (current: Selection) => Selection) => {
    dirty.current = true;
    setSelection(change);
  }, []);
  const isSelected = useCallback((key: string) => !!selectionRef.current[key], []);
  const apply = useCallback(
    (key: string, selected: boolean) => edit((current) => withKeys(current, [key], selected)),
    [edit],
  );
  const drag = useDragSelection(isSelected, apply);
  const onDayHeader = useCallback(
    (day: number) => edit((current) => toggleAll(current, gridHours.map((h) => slotKey(day, h)))),
    [edit],
  );
  const onHourLabel = useCallback(
    (hour: number) =>
      edit((current) => toggleAll(current, [0, 1, 2, 3, 4].map((day) => slotKey(day, hour)))),
    [edit],
  );

  const reset = async () => {
    const ok = await confirm({
      message: "Möchten Sie wirklich alle Ihre Verfügbarkeiten löschen?",
      confirmLabel: "Zurücksetzen",
      variant: "danger",
    });
    if (!ok) return;
    edit(() => ({}));
    show("Auswahl zurückgesetzt", "info");
  };

  const save = async () => {
    setSaving(true);
    dirty.current = false;
    let outcome: SaveOutcome | null = null;
    try {
      outcome = await saveThroughQueue(
        "availability",
        selectionToSlots(selectionRef.current),
        version.current,
      );
      if (outcome.status === "saved") version.current = outcome.version;
    } catch (err) {
      console.error(err);
    } finally {
      setSaving(false);
    }
    const line = saveStatus(outcome, "Verfügbarkeit erfolgreich gespeichert");
    // Unsaved again: a change applied from elsewhere must not overwrite the selection now.
    if (line.tone === "error") dirty.current = true;
    show(line.text, line.tone);
  };

  const selectedCount = selectionToSlots(selection).length;
  const gridProps = {
    selection,
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
        {tutorialKey(user?.role) && (
          <button
            type="button"
            className="icon-button availability-help"
            aria-label="Tutorial starten"
            title="Tutorial starten"
            onClick={tutorial.start}
          >
            ?
          </button>
        )}
      </header>

      <section className="card availability-card" aria-labelledby="weekly-heading">
        <div className="card-header">
          <h2 id="weekly-heading">Wochenplan</h2>
          <span className="badge badge-info" aria-live="polite">
            {selectedCount === 1 ? "1 Stunde" : `${selectedCount} Stunden`} pro Woche
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
          ? <WeeklyGrid {...gridProps} onHourLabel={onHourLabel} />
          : <MobileDayList {...gridProps} />}
        <p className="availability-weekend-note">
          <span className="availability-weekend-swatch" aria-hidden="true" />
          Wochenende wird bei der Planung nicht berücksichtigt
        </p>
        <SaveBar
          status={status}
          saving={saving}
          disabled={saving || loading}
          label="Verfügbarkeit speichern"
          onSave={save}
          tutorialStep="save"
        >
          <button type="button" className="button button-secondary" onClick={reset}>
            Auswahl zurücksetzen
          </button>
        </SaveBar>
      </section>

      <AbsencesCard />

      <Tutorial
        steps={user?.role === "instructor" ? instructorTutorialSteps : studentTutorialSteps}
        open={tutorial.open}
        onFinish={tutorial.finish}
        label={user?.role === "instructor" ? "Tutorial für Fahrlehrer" : "Tutorial für Fahrschüler"}
      />
    </div>
  );
}
