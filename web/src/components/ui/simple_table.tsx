import type { ReactNode } from "react";

interface SimpleTableProps {
  /** one column header per label */
  labels: readonly string[];
  /** extra classes beside "table-wrap" and "table" */
  wrapClassName?: string;
  tableClassName?: string;
  caption?: ReactNode;
  captionClassName?: string;
  /** the body rows */
  children: ReactNode;
}

/** A plain table that scrolls sideways on narrow screens: header row of labels, then the rows. */
export function SimpleTable(props: SimpleTableProps) {
  return (
    <div className={joined("table-wrap", props.wrapClassName)}>
      <table className={joined("table", props.tableClassName)}>
        {props.caption !== undefined && (
          <caption className={props.captionClassName}>{props.caption}</caption>
        )}
        <thead>
          <tr>
            {props.labels.map((label) => <th key={label} scope="col">{label}</th>)}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

function joined(base: string, extra: string | undefined) {
  return extra ? `${base} ${extra}` : base;
}
