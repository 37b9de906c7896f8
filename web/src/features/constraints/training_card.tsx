import { useId } from "react";
import type { PlannerSettings } from "../../../../common/contract/planner_settings.ts";
import { RuleCard } from "./rule_card.tsx";

type Training = PlannerSettings["training"];

/**
 * Ausbildung (issue 22): the length of a Fahrstunde, the rhythm the planner works in, special
 * drives as double lessons, and the school's location (for dusk and sunset of Nacht-, Überland-
 * and Autobahnfahrten), the time to change between pickup points, and after how many
 * Fahrstunden special drives are released automatically.
 */
export function TrainingCard(
  { value, onChange }: { value: Training; onChange: (next: Training) => void },
) {
  const id = useId();
  const set = (patch: Partial<Training>) => onChange({ ...value, ...patch });
  const coordinate = (field: "lat" | "lon", label: string) => (
    <div className="form-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="number"
        step="0.01"
        inputMode="decimal"
        value={value.location[field]}
        onChange={(e) => {
          const n = Number(e.target.value.replace(",", "."));
          if (e.target.value !== "" && Number.isFinite(n)) {
            set({ location: { ...value.location, [field]: n } });
          }
        }}
      />
    </div>
  );
  const minutesField = (
    field: "pickupChangeMinutes" | "specialDrivesAfterLessons",
    label: string,
    max: number,
    step: number,
    hint: string,
  ) => (
    <div className="form-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="number"
        min={0}
        max={max}
        step={step}
        inputMode="numeric"
        value={value[field]}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (e.target.value !== "" && Number.isInteger(n)) set({ [field]: n });
        }}
      />
      <p className="field-hint">{hint}</p>
    </div>
  );
  return (
    <RuleCard
      title="Ausbildung"
      description="Länge einer Fahrstunde und Sonderfahrten. Die Planung rechnet im Stundentakt: eine Fahrstunde von 45 Minuten lässt 15 Minuten für den Wechsel."
      enabled
      fixedLabel="Schuleinstellung"
    >
      <div className="form-field">
        <label htmlFor={`${id}-length`}>Länge einer Fahrstunde</label>
        <select
          id={`${id}-length`}
          value={value.lessonMinutes}
          onChange={(e) => set({ lessonMinutes: Number(e.target.value) as 45 | 60 })}
        >
          <option value={45}>45 Min.</option>
          <option value={60}>60 Min.</option>
        </select>
      </div>
      <p className="field-hint">Takt: eine Fahrstunde je volle Stunde (60 Min.).</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.specialDrivesDouble}
          onChange={(e) => set({ specialDrivesDouble: e.target.checked })}
        />
        Sonderfahrten als Doppelstunde (90 Min.)
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={value.ordinaryDoubleLessons === "prefer"}
          onChange={(e) => set({ ordinaryDoubleLessons: e.target.checked ? "prefer" : "off" })}
        />
        {`Fahrstunden als Doppelstunden planen (${
          2 * value.lessonMinutes
        } Minuten), wo es keine Stunde kostet`}
      </label>
      <p className="field-hint">
        Ein Fahrschüler kann dann zwei Fahrstunden an einem Tag bekommen. Der Planer legt sie direkt
        hintereinander, beim selben Fahrlehrer und im selben Fahrzeug, als einen Termin, wo das
        keine Fahrstunde kostet. Eine Doppelstunde zählt als zwei Fahrstunden.
      </p>
      <p className="field-hint">
        Standort der Fahrschule für Dämmerung und Sonnenuntergang: Nachtfahrten beginnen erst nach
        der bürgerlichen Dämmerung, Überland- und Autobahnfahrten enden vor Sonnenuntergang.
      </p>
      {coordinate("lat", "Breitengrad")}
      {coordinate("lon", "Längengrad")}
      <div className="form-field">
        <label htmlFor={`${id}-vehicle-day`}>Ein Fahrzeug pro Fahrlehrer und Tag</label>
        <select
          id={`${id}-vehicle-day`}
          value={value.vehiclePerDay}
          onChange={(e) => set({ vehiclePerDay: e.target.value as Training["vehiclePerDay"] })}
        >
          <option value="soft">möglichst (wo der Fuhrpark es erlaubt)</option>
          <option value="hard">immer (Pflicht, kann Fahrstunden kosten)</option>
          <option value="off">aus (Fahrzeug je Stunde)</option>
        </select>
      </div>
      {minutesField(
        "pickupChangeMinutes",
        "Wechselzeit zwischen Treffpunkten (Min.)",
        60,
        5,
        "Zeit, die ein Fahrlehrer zwischen zwei Fahrstunden an verschiedenen Treffpunkten braucht (0 = keine Regel). Bei 45-Minuten-Stunden sind 15 Minuten ohnehin frei; bei 60-Minuten-Stunden braucht ein Wechsel eine freie Stunde dazwischen.",
      )}
      {minutesField(
        "specialDrivesAfterLessons",
        "Sonderfahrten freigeben nach Fahrstunden",
        60,
        1,
        "Sonderfahrten werden automatisch freigegeben, sobald ein Fahrschüler so viele Fahrstunden gefahren hat (0 = nur von Hand freigeben).",
      )}
    </RuleCard>
  );
}
