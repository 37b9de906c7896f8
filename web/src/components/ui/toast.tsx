import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { recordActivity, type ToastType } from "../../lib/activity_log.ts";

interface Toast {
  id: number;
  message: string;
  type: ToastType;
  duration: number;
}

interface ToastApi {
  /** Shows a toast top right (default 3000 ms, 2-10 s) and records it in the activity log. */
  show(message: string, type?: ToastType, duration?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const knownTypes: ToastType[] = ["success", "error", "info", "warning"];

/** Holds the visible toasts and renders them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback(
    (id: number) => setToasts((list) => list.filter((t) => t.id !== id)),
    [],
  );

  const show = useCallback((message: string, type: ToastType = "success", duration = 3000) => {
    const safeType = knownTypes.includes(type) ? type : "success";
    const safeDuration = Math.min(10000, Math.max(2000, duration));
    const id = nextId.current++;
    setToasts((list) => [...list, { id, message, type: safeType, duration: safeDuration }]);
    recordActivity(message, safeType);
    setTimeout(() => dismiss(id), safeDuration);
  }, [dismiss]);

  return (
    <ToastContext.Provider value={{ show }}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}`}
            role={toast.type === "error" ? "alert" : "status"}
          >
            <span>{toast.message}</span>
            <button
              type="button"
              className="toast-close"
              aria-label="Meldung schließen"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** The toast API of the surrounding ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast outside ToastProvider");
  return api;
}
