import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
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

/** Clamps a toast duration to the spec's 2-10 s; anything unusable becomes the 3000 ms default. */
export function toastDuration(duration: number | undefined): number {
  if (duration === undefined || !Number.isFinite(duration)) return 3000;
  return Math.min(10000, Math.max(2000, duration));
}

function ToastIcon({ type }: { type: ToastType }) {
  return (
    <svg
      className="toast-icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {type === "success" && (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12.5 2.5 2.5L16 9.5" />
        </>
      )}
      {type === "error" && (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5.5M12 16.5h.01" />
        </>
      )}
      {type === "warning" && (
        <>
          <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          <path d="M12 9v4M12 17h.01" />
        </>
      )}
      {type === "info" && (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" />
        </>
      )}
    </svg>
  );
}

/** Holds the visible toasts and renders them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((message: string, type: ToastType = "success", duration?: number) => {
    const safeType = knownTypes.includes(type) ? type : "success";
    const safeDuration = toastDuration(duration);
    const id = nextId.current++;
    setToasts((list) => [...list, { id, message, type: safeType, duration: safeDuration }]);
    recordActivity(message, safeType);
    timers.current.set(id, setTimeout(() => dismiss(id), safeDuration));
  }, [dismiss]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}`}
            role={toast.type === "error" ? "alert" : "status"}
          >
            <ToastIcon type={toast.type} />
            <span className="toast-message">{toast.message}</span>
            <button
              type="button"
              className="toast-close"
              aria-label="Meldung schließen"
              title="Schließen"
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
