import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { de } from "../../i18n/de.ts";
import { ApiError, call } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/page_title.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import { RuleCard, Slider } from "./rule_card.tsx";
import type { PlannerSettings } from "../../../../common/contract/planner_settings.ts";
import { activeCounts } from "./settings_types.ts";
import { TrainingCard } from "./training_card.tsx";
import { useRulesReviewed } from "./use_rules_reviewed.ts";
import "./constraints.css";

type Group = "hard" | "soft";
type Status = { kind: "success" | "error"; text: string } | null;

/** A slider of a rule: the setting it moves and its range. */
interface SliderSpec {
  field: string;
  label: string;
  unit: string;
  min: number;
  max: number;
  step?: number;
}

/** A rule the admin switches on and off, with the sliders shown while it is on. */
interface RuleSpec<G extends Group> {
  key: keyof PlannerSettings[G] & string;
  title: string;
  description: string;
  sliders?: SliderSpec[];
}

const weight: SliderSpec = { field: "weight", label: "Gewichtung", unit: "%", min: 0, max: 100 };

const hardRules: RuleSpec<"hard">[] = [
  {
    key: "maxHoursPerDay",
    title: "Maximale Stunden pro Tag",
    description:
      "Höchstens so viele Fahrstunden gibt ein Fahrlehrer an einem Tag. Die gesetzliche Grenze von 495 Minuten Fahrzeit am Tag hält die Planung immer ein, auch über 8 Stunden oder ausgeschaltet.",
    sliders: [{ field: "value", label: "Stunden pro Tag", unit: "Std.", min: 4, max: 12 }],
  },
  {
    key: "minBreakAfterHours",
    title: "Pause nach Stunden",
    description: "Nach so vielen Fahrstunden am Stück braucht ein Fahrlehrer eine Pause.",
    sliders: [
      { field: "hours", label: "Pause nach", unit: "Std.", min: 2, max: 6 },
      {
        field: "minBreakDuration",
        label: "Mindestpause",
        unit: "Min.",
        min: 15,
        max: 120,
        step: 15,
      },
    ],
  },
  {
    key: "maxAppointmentsPerWeek",
    title: "Maximale Termine pro Woche",
    description: "Höchstens so viele Fahrstunden gibt ein Fahrlehrer in einer Kalenderwoche.",
    sliders: [{ field: "value", label: "Termine pro Woche", unit: "Termine", min: 20, max: 60 }],
  },
  {
    key: "vehicleAssignment",
    title: "Fahrzeugzuweisung",
    description: "Jede Fahrstunde bekommt ein freies Fahrzeug mit passendem Getriebe.",
  },
];

const softRules: RuleSpec<"soft">[] = [
  {
    key: "preferredTimes",
    title: "Bevorzugte Zeiten",
    description: "Fahrstunden möglichst in den Wunschzeiten der Fahrschüler.",
    sliders: [weight],
  },
  {
    key: "instructorContinuity",
    title: "Fahrlehrer-Kontinuität",
    description: "Ein Fahrschüler fährt möglichst immer mit demselben Fahrlehrer.",
    sliders: [weight],
  },
  {
    key: "balanceWorkload",
    title: "Auslastung ausgleichen",
    description: "Fahrlehrer bleiben nah an ihrem anteiligen Monatsziel.",
    sliders: [{ field: "tolerance", label: "Toleranz", unit: "%", min: 5, max: 50 }],
  },
  {
    key: "studentPreferences",
    title: "Schülerwünsche",
    description: "Fahrstunden möglichst beim Wunsch-Fahrlehrer des Fahrschülers.",
    sliders: [weight],
  },
];

/** Times of day the planner avoids; each window's end stays at least an hour after its start. */
const slotWindows = [
  {
    label: "Früher Morgen",
    start: "earlyMorningStart",
    end: "earlyMorningEnd",
    ranges: [5, 12, 6, 14],
  },
  {
    label: "Später Abend",
    start: "lateEveningStart",
    end: "lateEveningEnd",
    ranges: [16, 20, 18, 23],
  },
] as const;

const weatherReason =
  "Für diese Regel wäre ein Wetterdienst nötig, der nicht angebunden ist. Sie ist deshalb deaktiviert.";

/** Constraints-Einstellungen (spec 02): the planner's rules, saved on the server. */
export default function ConstraintsScreen() {
  usePageTitle("Constraints-Einstellungen");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loaded = useQuery({
    queryKey: queryKeys.constraints,
    queryFn: ({ signal }) => call("GET /admin/planner-settings/", { signal }),
  });
  // The admin's changes since the last save; a reload of the saved settings leaves them alone.
  const [draft, setDraft] = useState<PlannerSettings | null>(null);
  const settings = draft ?? loaded.data?.settings ?? null;
  const defaults = loaded.data?.defaults ?? null;
  useRulesReviewed(settings !== null);
  const loadError = loaded.isError && !loaded.data
    ? (loaded.error instanceof ApiError
      ? loaded.error.message
      : "Die Einstellungen konnten nicht geladen werden.")
    : "";
  const saveSettings = useMutation({
    mutationFn: (next: PlannerSettings) => call("PUT /admin/planner-settings/", { body: next }),
    onSuccess: (answer) => {
      queryClient.setQueryData(
        queryKeys.constraints,
        (old: typeof loaded.data) => old && { ...old, settings: answer.settings },
      );
      setDraft(null);
    },
  });
  const saving = saveSettings.isPending;
  const [status, setStatus] = useState<Status>(null);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (statusTimer.current) clearTimeout(statusTimer.current);
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
    try {
      const answer = await saveSettings.mutateAsync(next);
      flash({ kind: "success", text: message(answer.settings) }, ms);
    } catch (err) {
      flash({
        kind: "error",
        text: err instanceof ApiError
          ? err.message
          : "Die Einstellungen konnten nicht gespeichert werden.",
      }, 5000);
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

  const setRule = (group: Group, key: string, patch: Record<string, number | boolean>) => {
    const rules = settings[group] as unknown as Record<string, object>;
    setDraft({ ...settings, [group]: { ...rules, [key]: { ...rules[key], ...patch } } });
  };
  const counts = activeCounts(settings);
  const slots = settings.soft.timeSlotPreferences;

  /** The cards of the rules that only switch and slide. */
  const ruleCards = <G extends Group>(group: G, rules: RuleSpec<G>[]) =>
    rules.map((rule) => {
      const values = settings[group][rule.key] as unknown as Record<string, number> & {
        enabled: boolean;
      };
      return (
        <RuleCard
          key={rule.key}
          title={rule.title}
          description={rule.description}
          enabled={values.enabled}
          onToggle={(enabled) => setRule(group, rule.key, { enabled })}
        >
          {rule.sliders?.map(({ field, ...range }) => (
            <Slider
              key={field}
              {...range}
              value={values[field]}
              onChange={(value) => setRule(group, rule.key, { [field]: value })}
            />
          ))}
        </RuleCard>
      );
    });

  return (
    <section className="page constraints" data-tutorial="constraints">
      <header className="page-header">
        <div>
          <h1>Constraints-Einstellungen</h1>
          <p>
            Regeln der KI-Planung: harte Regeln gelten immer, weiche Regeln beachtet die Planung so
            gut wie möglich. Gespeicherte Einstellungen gelten ab der nächsten Planung.
          </p>
          <p>
            Feiertage und Schulferien, die die Planung ebenfalls beachtet:{" "}
            <Link to="/ferien-feiertage">Ferien & Feiertage</Link>
          </p>
        </div>
      </header>

      <div className="constraints-groups">
        <RuleGroup id="hard-title" title="Harte Regeln" active={counts.hard}>
          <RuleCard
            title="Doppelbuchungen verhindern"
            description="Kein Fahrlehrer, Fahrschüler und kein Fahrzeug ist zur selben Zeit zweimal verplant."
            enabled
            fixedLabel="Immer aktiv"
          />
          {ruleCards("hard", hardRules)}
          <TrainingCard
            value={settings.training}
            onChange={(training) => setDraft({ ...settings, training })}
          />
        </RuleGroup>

        <RuleGroup id="soft-title" title="Weiche Regeln" active={counts.soft}>
          {ruleCards("soft", softRules)}
          <RuleCard
            title="Tageszeit-Präferenzen"
            description="Fahrstunden am frühen Morgen und späten Abend werden nach Möglichkeit vermieden."
            enabled={slots.enabled}
            onToggle={(enabled) => setRule("soft", "timeSlotPreferences", { enabled })}
          >
            {slotWindows.map(({ label, start, end, ranges }) => {
              // Moving one end pushes the other along, so the window keeps at least one hour.
              const slider = (
                field: typeof start | typeof end,
                other: typeof start | typeof end,
                [min, max]: number[],
                word: string,
                keepApart: (v: number) => number,
              ) => (
                <Slider
                  label={`${label} ${word}`}
                  unit="Uhr"
                  min={min}
                  max={max}
                  value={slots[field]}
                  onChange={(v) =>
                    setRule("soft", "timeSlotPreferences", { [field]: v, [other]: keepApart(v) })}
                />
              );
              return (
                <div key={start} className="slider-pair">
                  {slider(start, end, ranges.slice(0, 2), "ab", (v) => Math.max(slots[end], v + 1))}
                  {slider(end, start, ranges.slice(2), "bis", (v) => Math.min(slots[start], v - 1))}
                </div>
              );
            })}
          </RuleCard>
          <RuleCard
            title="Wetter berücksichtigen"
            description="Bei Kälte, starkem Wind oder Regen keine Fahrstunden für Anfänger."
            enabled={false}
            disabledReason={weatherReason}
          />
        </RuleGroup>
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
            {de.actions.cancel}
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
            {saving ? "Wird gespeichert …" : de.actions.save}
          </button>
        </div>
      </div>
    </section>
  );
}

/** A card of rules (hard or soft) with the number of rules switched on. */
function RuleGroup(
  { id, title, active, children }: {
    id: string;
    title: string;
    active: number;
    children: ReactNode;
  },
) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <h2 id={id}>{title}</h2>
        <span className="badge badge-primary">{active} aktiv</span>
      </div>
      <div className="rule-list">{children}</div>
    </section>
  );
}
