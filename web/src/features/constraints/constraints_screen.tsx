import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, call } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { RuleCard, Slider } from "./rule_card.tsx";
import type { PlannerSettings } from "../../../../common/contract/planner_settings.ts";
import { activeCounts } from "./settings_types.ts";
import "./constraints.css";

type Hard = PlannerSettings["hard"];
type Soft = PlannerSettings["soft"];
type Status = { kind: "success" | "error"; text: string } | null;

const weatherReason =
  "Für diese Regel wäre ein Wetterdienst nötig, der nicht angebunden ist. Sie ist deshalb deaktiviert.";

/** Constraints-Einstellungen (spec 02): the planner's rules, saved on the server. */
export default function ConstraintsScreen() {
  usePageTitle("Constraints-Einstellungen");
  const navigate = useNavigate();
  const [settings, setSettings] = useState<PlannerSettings | null>(null);
  const [defaults, setDefaults] = useState<PlannerSettings | null>(null);
  const [loadError, setLoadError] = useState("");
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    call("GET /admin/planner-settings/").then((answer) => {
      setSettings(answer.settings);
      setDefaults(answer.defaults);
    }).catch((err) =>
      setLoadError(
        err instanceof ApiError ? err.message : "Die Einstellungen konnten nicht geladen werden.",
      )
    );
    return () => {
      if (statusTimer.current) clearTimeout(statusTimer.current);
    };
  }, []);

  const flash = (next: Status, ms: number) => {
    setStatus(next);
    if (statusTimer.current) clearTimeout(statusTimer.current);
    statusTimer.current = setTimeout(() => setStatus(null), ms);
  };

  const store = async (
    next: PlannerSettings,
    message: (s: PlannerSettings) => string,
    ms: number,
  ) => {
    setSaving(true);
    try {
      const answer = await call("PUT /admin/planner-settings/", { body: next });
      setSettings(answer.settings);
      flash({ kind: "success", text: message(answer.settings) }, ms);
    } catch (err) {
      flash({
        kind: "error",
        text: err instanceof ApiError
          ? err.message
          : "Die Einstellungen konnten nicht gespeichert werden.",
      }, 5000);
    } finally {
      setSaving(false);
    }
  };

  if (loadError) {
    return (
      <section className="page page-narrow">
        <h1>Constraints-Einstellungen</h1>
        <div className="alert alert-error" role="alert">{loadError}</div>
      </section>
    );
  }
  if (!settings || !defaults) return <div className="page-loading" aria-busy="true" />;

  const hard = settings.hard;
  const soft = settings.soft;
  const setHard = <K extends keyof Hard>(key: K, patch: Partial<Hard[K]>) =>
    setSettings({ ...settings, hard: { ...hard, [key]: { ...hard[key], ...patch } } });
  const setSoft = <K extends keyof Soft>(key: K, patch: Partial<Soft[K]>) =>
    setSettings({ ...settings, soft: { ...soft, [key]: { ...soft[key], ...patch } } });
  const counts = activeCounts(settings);
  const slots = soft.timeSlotPreferences;

  return (
    <section className="page constraints">
      <header className="page-header">
        <div>
          <h1>Constraints-Einstellungen</h1>
          <p>
            Regeln der KI-Planung: harte Regeln gelten immer, weiche Regeln beachtet die Planung so
            gut wie möglich. Gespeicherte Einstellungen gelten ab der nächsten Planung.
          </p>
        </div>
      </header>

      <div className="constraints-groups">
        <section className="card" aria-labelledby="hard-title">
          <div className="card-header">
            <h2 id="hard-title">Harte Regeln</h2>
            <span className="badge badge-primary">{counts.hard} aktiv</span>
          </div>
          <div className="rule-list">
            <RuleCard
              title="Doppelbuchungen verhindern"
              description="Kein Fahrlehrer, Fahrschüler und kein Fahrzeug ist zur selben Zeit zweimal verplant."
              enabled
              fixedLabel="Immer aktiv"
            />
            <RuleCard
              title="Maximale Stunden pro Tag"
              description="Höchstens so viele Fahrstunden gibt ein Fahrlehrer an einem Tag."
              enabled={hard.maxHoursPerDay.enabled}
              onToggle={(enabled) => setHard("maxHoursPerDay", { enabled })}
            >
              <Slider
                label="Stunden pro Tag"
                unit="Std."
                min={4}
                max={12}
                value={hard.maxHoursPerDay.value}
                onChange={(value) => setHard("maxHoursPerDay", { value })}
              />
            </RuleCard>
            <RuleCard
              title="Pause nach Stunden"
              description="Nach so vielen Fahrstunden am Stück braucht ein Fahrlehrer eine Pause."
              enabled={hard.minBreakAfterHours.enabled}
              onToggle={(enabled) => setHard("minBreakAfterHours", { enabled })}
            >
              <Slider
                label="Pause nach"
                unit="Std."
                min={2}
                max={6}
                value={hard.minBreakAfterHours.hours}
                onChange={(hours) => setHard("minBreakAfterHours", { hours })}
              />
              <Slider
                label="Mindestpause"
                unit="Min."
                min={15}
                max={120}
                step={15}
                value={hard.minBreakAfterHours.minBreakDuration}
                onChange={(minBreakDuration) => setHard("minBreakAfterHours", { minBreakDuration })}
              />
            </RuleCard>
            <RuleCard
              title="Maximale Termine pro Woche"
              description="Höchstens so viele Fahrstunden gibt ein Fahrlehrer in einer Kalenderwoche."
              enabled={hard.maxAppointmentsPerWeek.enabled}
              onToggle={(enabled) => setHard("maxAppointmentsPerWeek", { enabled })}
            >
              <Slider
                label="Termine pro Woche"
                unit="Termine"
                min={20}
                max={60}
                value={hard.maxAppointmentsPerWeek.value}
                onChange={(value) => setHard("maxAppointmentsPerWeek", { value })}
              />
            </RuleCard>
            <RuleCard
              title="Fahrzeugzuweisung"
              description="Jede Fahrstunde bekommt ein freies Fahrzeug mit passendem Getriebe."
              enabled={hard.vehicleAssignment.enabled}
              onToggle={(enabled) => setHard("vehicleAssignment", { enabled })}
            />
          </div>
        </section>

        <section className="card" aria-labelledby="soft-title">
          <div className="card-header">
            <h2 id="soft-title">Weiche Regeln</h2>
            <span className="badge badge-primary">{counts.soft} aktiv</span>
          </div>
          <div className="rule-list">
            <RuleCard
              title="Bevorzugte Zeiten"
              description="Fahrstunden möglichst in den Wunschzeiten der Fahrschüler."
              enabled={soft.preferredTimes.enabled}
              onToggle={(enabled) => setSoft("preferredTimes", { enabled })}
            >
              <Slider
                label="Gewichtung"
                unit="%"
                min={0}
                max={100}
                value={soft.preferredTimes.weight}
                onChange={(weight) => setSoft("preferredTimes", { weight })}
              />
            </RuleCard>
            <RuleCard
              title="Fahrlehrer-Kontinuität"
              description="Ein Fahrschüler fährt möglichst immer mit demselben Fahrlehrer."
              enabled={soft.instructorContinuity.enabled}
              onToggle={(enabled) => setSoft("instructorContinuity", { enabled })}
            >
              <Slider
                label="Gewichtung"
                unit="%"
                min={0}
                max={100}
                value={soft.instructorContinuity.weight}
                onChange={(weight) => setSoft("instructorContinuity", { weight })}
              />
            </RuleCard>
            <RuleCard
              title="Auslastung ausgleichen"
              description="Fahrlehrer bleiben nah an ihrem anteiligen Monatsziel."
              enabled={soft.balanceWorkload.enabled}
              onToggle={(enabled) => setSoft("balanceWorkload", { enabled })}
            >
              <Slider
                label="Toleranz"
                unit="%"
                min={5}
                max={50}
                value={soft.balanceWorkload.tolerance}
                onChange={(tolerance) => setSoft("balanceWorkload", { tolerance })}
              />
            </RuleCard>
            <RuleCard
              title="Schülerwünsche"
              description="Fahrstunden möglichst beim Wunsch-Fahrlehrer des Fahrschülers."
              enabled={soft.studentPreferences.enabled}
              onToggle={(enabled) => setSoft("studentPreferences", { enabled })}
            >
              <Slider
                label="Gewichtung"
                unit="%"
                min={0}
                max={100}
                value={soft.studentPreferences.weight}
                onChange={(weight) => setSoft("studentPreferences", { weight })}
              />
            </RuleCard>
            <RuleCard
              title="Tageszeit-Präferenzen"
              description="Fahrstunden am frühen Morgen und späten Abend werden nach Möglichkeit vermieden."
              enabled={slots.enabled}
              onToggle={(enabled) => setSoft("timeSlotPreferences", { enabled })}
            >
              <div className="slider-pair">
                <Slider
                  label="Früher Morgen ab"
                  unit="Uhr"
                  min={5}
                  max={12}
                  value={slots.earlyMorningStart}
                  onChange={(v) =>
                    setSoft("timeSlotPreferences", {
                      earlyMorningStart: v,
                      earlyMorningEnd: Math.max(slots.earlyMorningEnd, v + 1),
                    })}
                />
                <Slider
                  label="Früher Morgen bis"
                  unit="Uhr"
                  min={6}
                  max={14}
                  value={slots.earlyMorningEnd}
                  onChange={(v) =>
                    setSoft("timeSlotPreferences", {
                      earlyMorningEnd: v,
                      earlyMorningStart: Math.min(slots.earlyMorningStart, v - 1),
                    })}
                />
              </div>
              <div className="slider-pair">
                <Slider
                  label="Später Abend ab"
                  unit="Uhr"
                  min={16}
                  max={20}
                  value={slots.lateEveningStart}
                  onChange={(v) =>
                    setSoft("timeSlotPreferences", {
                      lateEveningStart: v,
                      lateEveningEnd: Math.max(slots.lateEveningEnd, v + 1),
                    })}
                />
                <Slider
                  label="Später Abend bis"
                  unit="Uhr"
                  min={18}
                  max={23}
                  value={slots.lateEveningEnd}
                  onChange={(v) =>
                    setSoft("timeSlotPreferences", {
                      lateEveningEnd: v,
                      lateEveningStart: Math.min(slots.lateEveningStart, v - 1),
                    })}
                />
              </div>
            </RuleCard>
            <RuleCard
              title="Wetter berücksichtigen"
              description="Bei Kälte, starkem Wind oder Regen keine Fahrstunden für Anfänger."
              enabled={false}
              disabledReason={weatherReason}
            />
          </div>
        </section>
      </div>

      <div className="constraints-footer">
        <div className="constraints-status" role="status" aria-live="polite">
          {status && <div className={`alert alert-${status.kind}`}>{status.text}</div>}
        </div>
        <div className="constraints-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => navigate("/admin-panel")}
          >
            Abbrechen
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={saving}
            onClick={() =>
              void store(structuredClone(defaults), () => "Einstellungen zurückgesetzt!", 3000)}
          >
            Zurücksetzen
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={saving}
            onClick={() =>
              void store(settings, (saved) => {
                const c = activeCounts(saved);
                return `Einstellungen gespeichert! ${c.hard} harte und ${c.soft} weiche Regeln aktiv.`;
              }, 5000)}
          >
            {saving ? "Wird gespeichert …" : "Speichern"}
          </button>
        </div>
      </div>
    </section>
  );
}
