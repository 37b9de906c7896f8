/** One column of a bar chart. */
export interface Bar {
  label: string;
  value: number;
}

/**
 * A small column chart of plain divs (no chart library): heights relative to the largest value,
 * the value above and the label below each column. Screen readers get one sentence per column.
 */
export function BarChart(
  { title, bars, describe, testId }: {
    title: string;
    bars: Bar[];
    /** The sentence a screen reader hears for a column, e.g. "2 Termine: 5 Fahrschüler". */
    describe: (bar: Bar) => string;
    testId?: string;
  },
) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="bar-chart" data-testid={testId}>
      <figcaption className="bar-chart-title">{title}</figcaption>
      <ul className="bar-chart-columns">
        {bars.map((bar) => (
          <li key={bar.label} className="bar-chart-column" data-bucket={bar.label}>
            <span className="sr-only">{describe(bar)}</span>
            <span className="bar-chart-value" aria-hidden="true">
              {bar.value.toLocaleString("de-DE")}
            </span>
            <span className="bar-chart-track" aria-hidden="true">
              <span
                className={`bar-chart-bar${bar.value === 0 ? " bar-chart-bar-empty" : ""}`}
                style={{ height: `${(bar.value / max) * 100}%` }}
              />
            </span>
            <span className="bar-chart-label" aria-hidden="true">{bar.label}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
