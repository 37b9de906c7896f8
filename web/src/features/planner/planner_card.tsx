import { useEffect, useState } from "react";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import { ProgressBar } from "../../components/ui/progress_bar.tsx";
import { useTourOpen } from "../../components/ui/use_tour.ts";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import type { Phase, PlannerControl } from "./use_planner.ts";
import { PlanDraftPanel } from "./plan_draft_panel.tsx";
import { UnplannedNeeds } from "./unplanned_needs.tsx";
import { LastRunResult } from "./last_run.tsx";
import "./planner.css";

const number = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1 });
/** Instructors a month lie near 1: two digits tell 1.45 from 1.5. */
const fine = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 2 });
const phaseLabel: Record<Phase, string> = {
  idle: "",
  running: "Planung läuft",
  success: "Planung abgeschlossen",
  cancelled: "Planung abgebrochen",
  error: "Planung fehlgeschlagen",
};

/** mm:ss since `since`, ticking every second while `ticking`. */
function ElapsedClock({ since, ticking }: { since: number; ticking: boolean }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return (
    <span className="planner-clock" aria-label="Verstrichene Zeit">
      {mm}:{ss}
    </span>
  );
}

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="planner-tile">
      <span className="planner-tile-value">{value}</span>
      <span className="planner-tile-label">{label}</span>
      {hint && <span className="planner-tile-hint">{hint}</span>}
    </div>
  );
}

/** The figures of a successful run, including what the upper bound proves and what is missing. */
export function SuccessStatistics({ p }: { p: PlannerProgress }) {
  const showImprovement = p.appointments_before >= 50 && Math.abs(p.improvement_percent) >= 5;
  // The upper bound is proven (no valid plan has more); the card claims optimality only at it and
  // otherwise says how many more lessons could at most be possible, never that they are.
  // A bound below the lessons is no bound (a result written before the planner reported one reads
  // as 0): then the card claims nothing at all.
  const gap = p.upper_bound - p.appointments_created;
  return (
    <div className="planner-results">
      <p className="planner-quality">
        <strong>{p.appointments_created}</strong> Fahrstunden geplant
        {gap < 0
          ? "."
          : gap === 0
          ? <>{" "}– optimal (bewiesen): mehr lassen die Regeln nicht zu.</>
          : (
            <>
              ; höchstens <strong>{gap}</strong> Fahrstunde{gap === 1 ? "" : "n"}{" "}
              mehr möglich ({number.format(p.coverage_percent)} % der oberen Schranke).
            </>
          )}
      </p>
      {p.activity_log.some((l) => l.includes("Zeitlimit erreicht")) && <p>Zeitlimit erreicht.</p>}
      <div className="planner-tiles">
        <Tile label="Termine erstellt" value={String(p.appointments_created)} />
        <Tile
          label="Fahrschüler mit Terminen"
          value={`${number.format(p.students_coverage_percent)} %`}
          hint={`${p.students_with_appointments} von ${p.students_total}`}
        />
        <Tile
          label="Termine je Fahrlehrer"
          value={number.format(p.avg_appointments_per_instructor)}
          hint={`${p.instructors_total} Fahrlehrer, ${p.planning_horizon_days} Tage`}
        />
        <Tile
          label="Dauer"
          value={p.duration_minutes < 1
            ? `${Math.max(1, Math.round(p.duration_minutes * 60))} s`
            : `${number.format(p.duration_minutes)} min`}
          hint={`${p.total_intervals} mögliche Stunden geprüft`}
        />
        {p.instructors_per_month > 0 && (
          <Tile
            label="Fahrlehrer je Schüler und Monat"
            value={fine.format(p.instructors_per_month)}
            hint="Ziel: ein Stammfahrlehrer je Fahrschüler"
          />
        )}
        {p.max_instructor_share_percent > 0 && (
          <Tile
            label="Fahrlehrer-Auslastung"
            value={`${number.format(p.min_instructor_share_percent)}–${
              number.format(p.max_instructor_share_percent)
            } %`}
            hint={`niedrigste ${number.format(p.min_instructor_share_percent)} %, höchste ${
              number.format(p.max_instructor_share_percent)
            } %`}
          />
        )}
        {showImprovement && (
          <Tile
            label="Verbesserung"
            value={`${p.improvement_percent > 0 ? "+" : ""}${
              number.format(p.improvement_percent)
            } %`}
            hint={`gegenüber ${p.appointments_before} vorhandenen Terminen`}
          />
        )}
      </div>
      {p.regular_instructors.length > 0 && (
        <details className="planner-details planner-regular">
          <summary>Stammfahrlehrer je Fahrschüler ({p.regular_instructors.length})</summary>
          <SimpleTable
            labels={[
              "Fahrschüler",
              "Stammfahrlehrer",
              "Anteil der Fahrstunden",
              "Fahrlehrer pro Monat",
            ]}
          >
            {p.regular_instructors.map((r) => (
              <tr key={r.student_name}>
                <td data-label="Fahrschüler">{r.student_name}</td>
                <td data-label="Stammfahrlehrer">{r.instructor_name}</td>
                <td data-label="Anteil der Fahrstunden">{number.format(r.share_percent)} %</td>
                <td data-label="Fahrlehrer pro Monat">{fine.format(r.instructors_per_month)}</td>
              </tr>
            ))}
          </SimpleTable>
        </details>
      )}
      <UnplannedNeeds p={p} />
    </div>
  );
}

/**
 * What a run that created no lesson says (issue 25): the real cause, not "alle Bedarfe sind
 * bereits verplant" while students still lack lessons or when nobody is entered at all.
 */
export function NoNewLessons({ p }: { p: PlannerProgress }) {
  const short = new Set(p.unplanned.map((u) => u.student)).size;
  const text = p.students_active === 0
    ? "Noch keine Fahrschüler angelegt – es gibt nichts zu planen. Legen Sie Fahrschüler an oder importieren Sie sie."
    : p.instructors_total === 0
    ? "Keine aktiven Fahrlehrer mit Getriebeart angelegt – ohne Fahrlehrer kann nichts geplant werden."
    : short > 0
    ? `Es waren keine weiteren Fahrstunden möglich: ${short} ${
      short === 1 ? "Fahrschüler hat" : "Fahrschüler haben"
    } noch offenen Bedarf. Die Gründe stehen unten.`
    : "Keine Fahrschüler mit offenem Bedarf: alle Bedarfe sind bereits verplant.";
  return (
    <div className="planner-results">
      <p>{text}</p>
      {/* Open: the reasons are the whole answer of such a run. */}
      <UnplannedNeeds p={p} open />
    </div>
  );
}

/**
 * The planner card of spec 01 §4: start, progress, cancel/close, results. Its state lives in the
 * dashboard (usePlanner), since the affected banner starts re-plannings through it too.
 */
export function PlannerCard({ planner }: { planner: PlannerControl }) {
  const { progress, phase, startedAt, start, cancel, close } = planner;
  const replan = progress?.kind === "replan_affected";
  const running = phase === "running";
  const percent = Math.min(100, Math.max(0, progress?.progress_percent ?? 0));
  // The bar shows its colour in every state: full for success and error, a sliver at least else.
  const barWidth = phase === "success" || phase === "error" ? 100 : Math.max(percent, 2);
  const p = progress;
  // The admin tour's run plans only its test data (issue 25.12): the tutorial must not give the
  // school's real students lessons.
  const inTour = useTourOpen("admin");

  return (
    <section className="card planner-card" aria-labelledby="planner-title" data-tutorial="planner">
      <div className="planner-head">
        <div>
          <h2 id="planner-title">KI-Planung</h2>
          <p className="muted">
            Plant die Fahrstunden der nächsten 30 Tage aus den Verfügbarkeiten aller Fahrlehrer und
            Fahrschüler. Bestehende Termine bleiben erhalten. Der neue Plan ist ein Entwurf, bis Sie
            ihn veröffentlichen.
          </p>
        </div>
        <button
          type="button"
          className="button button-primary planner-start"
          data-tutorial="planner-start"
          onClick={() =>
            void start("full", inTour)}
          disabled={running}
        >
          {running ? "Planung läuft …" : "KI-Planung starten"}
        </button>
      </div>

      <PlanDraftPanel running={running} />
      {/* The live result says it all while shown; after that (a reload too) the stored one. */}
      {phase === "idle" && <LastRunResult />}

      {phase !== "idle" && (
        <div
          className={`planner-progress planner-${phase}`}
          aria-live="polite"
          data-tutorial="planner-progress"
          data-tutorial-phase={phase}
        >
          <div className="planner-status-row">
            <strong>{replan ? `Neuplanung: ${phaseLabel[phase]}` : phaseLabel[phase]}</strong>
            {startedAt !== null && <ElapsedClock since={startedAt} ticking={running} />}
          </div>
          <ProgressBar
            className="planner-bar"
            label="Fortschritt der Planung"
            min={0}
            max={100}
            now={phase === "success" ? 100 : percent}
            fillPercent={barWidth}
            fillClassName="planner-bar-fill"
          />
          <div className="planner-status-row">
            <span>
              {phase === "error"
                ? p?.error_message || "Fehler bei der Planung"
                : p?.current_step || (running ? "Planung wird vorbereitet" : "")}
            </span>
            {phase !== "error" && <span>{phase === "success" ? 100 : percent} %</span>}
          </div>
          {running && percent < 85 && p && p.total_variables > 0 && (
            <p className="planner-variables">
              {p.processed_variables.toLocaleString("de-DE")} von{" "}
              {p.total_variables.toLocaleString("de-DE")} Variablen verarbeitet
            </p>
          )}
          {phase === "success" && p?.replan && (
            <p>
              {p.replan.proposed
                ? `Vorschlag: ${p.replan.moved.length} betroffene Termine verlegen, ` +
                  `${p.replan.cancelled.length} stornieren.`
                : `${p.replan.moved.length} betroffene Termine verlegt, ` +
                  `${p.replan.cancelled.length} storniert.`}
            </p>
          )}
          {phase === "success" && p && !replan && p.appointments_created > 0 && (
            <SuccessStatistics p={p} />
          )}
          {phase === "success" && p && !replan && p.appointments_created === 0 && (
            <NoNewLessons p={p} />
          )}
          {p && p.activity_log.length > 0 && (
            <details className="planner-log">
              <summary>Ablauf</summary>
              <ol>
                {p.activity_log.map((line, k) => <li key={k}>{line}</li>)}
              </ol>
            </details>
          )}
          <div className="planner-actions">
            {running
              ? (
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => void cancel()}
                >
                  Abbrechen
                </button>
              )
              : (
                <button type="button" className="button button-secondary" onClick={close}>
                  Schließen
                </button>
              )}
          </div>
        </div>
      )}
    </section>
  );
}
