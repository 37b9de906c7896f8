import {
  createContext,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useProvided } from "../../lib/use_provided.ts";
import { Icon } from "./icons.tsx";
import "./toast.css";

/** The four kinds of toast. */
export type ToastType = "success" | "error" | "info" | "warning";

/** The icon a toast of each kind shows. */
export const toastIcons = {
  success: "check-circle",
  error: "alert-circle",
  warning: "alert-triangle",
  info: "info",
} as const satisfies Record<ToastType, string>;

interface Toast {
  id: number;
  message: string;
  type: ToastType;
  duration: number;
}

interface ToastApi {
  /**
   * Shows a toast top right (default 3000 ms, 2-10 s). "Letzte Aktivitäten" no longer records
   * toasts: it reads the server's audit log, the same for every admin and browser.
   */
  show(message: string, type?: ToastType, duration?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);
const knownTypes: ToastType[] = ["success", "error", "info", "warning"];

/** Clamps a toast duration to the spec's 2-10 s; anything unusable becomes the 3000 ms default. */
export function toastDuration(duration: number | undefined): number {
  if (duration === undefined || !Number.isFinite(duration)) return 3000;
  return Math.min(10000, Math.max(2000, duration));
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
      {/* Above any open dialog: the dialog leaves this region visible and clickable. */}
      <div className="toast-region" aria-live="polite" data-react-aria-top-layer="true">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}`}
            role={toast.type === "error" ? "alert" : "status"}
          >
            <Icon name={toastIcons[toast.type]} className="toast-icon" />
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
  return useProvided(ToastContext, "useToast outside ToastProvider");
}
