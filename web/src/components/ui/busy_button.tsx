import type { ReactNode } from "react";

interface BusyButtonProps {
  /** true while the action runs: the button is disabled, marked busy and shows busyLabel */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  type?: "button" | "submit";
  /** the form a submit button sends, when it sits outside that form (a dialog footer) */
  form?: string;
  /** disabled for another reason than running, e.g. nothing to do yet */
  disabled?: boolean;
  onClick?(): void;
}

/** A button whose action takes a while: disabled and aria-busy while it runs, saying so. */
export function BusyButton(props: BusyButtonProps) {
  return (
    <button
      type={props.type ?? "button"}
      form={props.form}
      className={props.className ?? "button button-primary"}
      onClick={props.onClick}
      disabled={props.disabled ?? props.busy}
      aria-busy={props.busy || undefined}
    >
      {props.busy ? props.busyLabel : props.children}
    </button>
  );
}
