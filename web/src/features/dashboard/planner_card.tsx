import { useEffect, useState } from "react";
import { SimpleTable } from "../../components/ui/simple_table.tsx";
import { ProgressBar } from "../../components/ui/progress_bar.tsx";
import type { PlannerProgress } from "../../../../common/contract/planner_progress.ts";
import type { Phase, PlannerControl } from "./use_planner.ts";

const number = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1 });
/** Instructors a month lie near 1: two digits tell 1.45 from 1.5. */
const fine = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 2 });
const transmissionLabel = { manual: "Schaltung", automatic: "Automatik" };
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
      {p.unplanned.length > 0 && (
        <details className="planner-details planner-unplanned">
          <summary>
            Nicht vollständig geplant: {p.unplanned.length} Bedarf
            {p.unplanned.length === 1 ? "" : "e"}
          </summary>
          <SimpleTable labels={["Fahrschüler", "Getriebe", "Fehlend", "Grund"]}>
            {p.unplanned.map((u) => (
              <tr key={`${u.student}-${u.transmission}`}>
                <td data-label="Fahrschüler">{u.student_name}</td>
                <td data-label="Getriebe">
                  {transmissionLabel[u.transmission] ?? u.transmission}
                </td>
                <td data-label="Fehlend">{u.missing}</td>
                <td data-label="Grund">{u.reason}</td>
              </tr>
            ))}
          </SimpleTable>
        </details>
      )}
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

  return (
    <section className="card planner-card" aria-labelledby="planner-title">
      <div className="planner-head">
        <div>
          <h2 id="planner-title">KI-Planung</h2>
          <p className="muted">
            Plant die Fahrstunden der nächsten 30 Tage aus den Verfügbarkeiten aller Fahrlehrer und
            Fahrschüler. Bestehende Termine bleiben erhalten.
          </p>
        </div>
        <button
          type="button"
          className="button button-primary planner-start"
          onClick={() => void start("full")}
          disabled={running}
        >
          {running ? "Planung läuft …" : "KI-Planung starten"}
        </button>
      </div>

      {phase !== "idle" && (
        <div className={`planner-progress planner-${phase}`} aria-live="polite">
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
              {p.replan.moved.length} betroffene Termine verlegt, {p.replan.cancelled.length}{" "}
              storniert.
            </p>
          )}
          {phase === "success" && p && !replan && p.appointments_created > 0 && (
            <SuccessStatistics p={p} />
          )}
          {phase === "success" && p && !replan && p.appointments_created === 0 && (
            <p>Es waren keine weiteren Fahrstunden möglich; alle Bedarfe sind bereits verplant.</p>
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
