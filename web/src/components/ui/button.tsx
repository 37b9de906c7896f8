import type { ReactNode } from "react";

interface ButtonProps {
  /** the look: "button button-<variant>" */
  variant: "primary" | "secondary" | "success" | "ghost";
  /** adds "button-small" (buttons inside table rows) */
  small?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

/** A plain action button (type="button", so it never sends a form it sits in). */
export function Button({ variant, small, disabled, onClick, children }: ButtonProps) {
  return (
    <button
      type="button"
      className={`button button-${variant}${small ? " button-small" : ""}`}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
