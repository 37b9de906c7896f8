import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { Modal } from "./modal.tsx";

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: "danger" | "warning" | "info";
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** Provides useConfirm(): a confirm dialog in danger, warning or info style that resolves true or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<(value: boolean) => void>(() => {});

  const confirm = useCallback<Confirm>((next) => {
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = useCallback((value: boolean) => {
    setOptions(null);
    resolver.current(value);
  }, []);

  const variant = options?.variant ?? "danger";
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={options !== null}
        title={options?.title ?? "Bitte bestätigen"}
        onClose={() => answer(false)}
        size="small"
        footer={
          <>
            <button type="button" className="button button-secondary" onClick={() => answer(false)}>
              {options?.cancelLabel ?? "Abbrechen"}
            </button>
            <button
              type="button"
              className={`button button-${variant}`}
              onClick={() => answer(true)}
            >
              {options?.confirmLabel ?? "Bestätigen"}
            </button>
          </>
        }
      >
        <p className={`confirm-message confirm-${variant}`}>{options?.message}</p>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** Asks the user; resolves true when confirmed. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm outside ConfirmProvider");
  return confirm;
}
