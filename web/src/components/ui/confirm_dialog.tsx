import { createContext, type ReactNode, useCallback, useId, useRef, useState } from "react";
import { useProvided } from "../../lib/use_provided.ts";
import { Icon } from "./icons.tsx";
import { Modal } from "./modal.tsx";
import "./confirm_dialog.css";

/** What the confirm dialog asks; variant sets colour and icon (default danger). */
export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: "danger" | "warning" | "info";
  /**
   * A text the user must type exactly before the confirm button enables (bulk delete: 'Ja,
   * unwiderruflich löschen', spec 01 §5): a click alone cannot destroy data by accident.
   */
  typedConfirmation?: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

const buttonClass = {
  danger: "button-danger",
  warning: "button-warning",
  info: "button-primary",
} as const;

/** Provides useConfirm(): a confirm dialog in danger, warning or info style that resolves true or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [typed, setTyped] = useState("");
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const inputId = useId();

  const confirm = useCallback<Confirm>((next) => {
    // A new question while one is open: the old one counts as cancelled.
    resolver.current?.(false);
    setTyped("");
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = useCallback((value: boolean) => {
    setOptions(null);
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  const variant = options?.variant ?? "danger";
  const required = options?.typedConfirmation;
  // Exactly the text; only spaces around it (a phone keyboard adds one after a word) are ignored.
  const allowed = required === undefined || typed.trim() === required;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={options !== null}
        title={options?.title ?? "Bitte bestätigen"}
        onClose={() => answer(false)}
        size="small"
        className={`confirm-${variant}`}
        footer={
          <>
            <button type="button" className="button button-secondary" onClick={() => answer(false)}>
              {options?.cancelLabel ?? "Abbrechen"}
            </button>
            <button
              type="button"
              className={`button ${buttonClass[variant]}`}
              disabled={!allowed}
              onClick={() => answer(true)}
            >
              {options?.confirmLabel ?? "Bestätigen"}
            </button>
          </>
        }
      >
        <div className={`confirm confirm-${variant}`}>
          <span className="confirm-icon">
            <Icon name={variant === "info" ? "info" : "alert-triangle"} />
          </span>
          <div className="confirm-text">
            <p className="confirm-message">{options?.message}</p>
            {required !== undefined && (
              <form
                className="confirm-typed"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (allowed) answer(true);
                }}
              >
                <label htmlFor={inputId}>
                  Geben Sie zur Bestätigung <strong>{required}</strong> ein:
                </label>
                <input
                  id={inputId}
                  className="input"
                  value={typed}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </form>
            )}
          </div>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** Asks the user; resolves true when confirmed. */
export function useConfirm(): Confirm {
  return useProvided(ConfirmContext, "useConfirm outside ConfirmProvider");
}
