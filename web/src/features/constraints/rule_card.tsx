import { type ReactNode, useId } from "react";

/** One rule: title, explanation, on/off switch (or a fixed badge), and details only while on. */
export function RuleCard(props: {
  title: string;
  description: string;
  enabled: boolean;
  onToggle?: (enabled: boolean) => void;
  /** Shown instead of the switch when the rule cannot be changed. */
  fixedLabel?: string;
  disabledReason?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`rule-card${props.enabled ? " rule-on" : ""}`}>
      <div className="rule-head">
        <div>
          <h3 id={`${id}-title`} className="rule-title">{props.title}</h3>
          <p className="rule-description">{props.description}</p>
          {props.disabledReason && <p className="rule-disabled-reason">{props.disabledReason}</p>}
        </div>
        {props.fixedLabel
          ? <span className="badge badge-success">{props.fixedLabel}</span>
          : (
            <label className="rule-switch">
              <input
                type="checkbox"
                role="switch"
                aria-labelledby={`${id}-title`}
                checked={props.enabled}
                disabled={!props.onToggle}
                onChange={(e) => props.onToggle?.(e.target.checked)}
              />
              <span className="rule-switch-track" aria-hidden="true" />
              <span className="rule-switch-text">{props.enabled ? "An" : "Aus"}</span>
            </label>
          )}
      </div>
      {props.enabled && props.children && <div className="rule-details">{props.children}</div>}
    </div>
  );
}

/** A labelled slider with its current value. */
export function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="slider-field">
      <div className="slider-label">
        <label htmlFor={id}>{props.label}</label>
        <output htmlFor={id}>{props.value} {props.unit}</output>
      </div>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      <div className="slider-range" aria-hidden="true">
        <span>{props.min}</span>
        <span>{props.max}</span>
      </div>
    </div>
  );
}
