interface ProgressBarProps {
  className: string;
  label: string;
  min: number;
  max: number;
  now: number;
  /** the filled share in percent (may differ from now/max, e.g. a minimum visible sliver) */
  fillPercent: number;
  fillClassName?: string;
}

/** An ARIA progressbar: a track with a fill of `fillPercent` width; the look is the caller's CSS. */
export function ProgressBar(props: ProgressBarProps) {
  return (
    <div
      className={props.className}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={props.min}
      aria-valuemax={props.max}
      aria-valuenow={props.now}
    >
      <div className={props.fillClassName} style={{ width: `${props.fillPercent}%` }} />
    </div>
  );
}
