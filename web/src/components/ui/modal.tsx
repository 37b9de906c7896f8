import { type ReactNode, useEffect, useId, useRef } from "react";
import { Icon } from "./icons.tsx";

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: "small" | "medium" | "large" | "full";
  /** extra class on the dialog box, e.g. for a variant colour */
  className?: string;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open dialogs, innermost last: only the top one answers Escape and traps Tab.
const openDialogs: HTMLElement[] = [];

/** A dialog with a title that closes on Escape, a click on the overlay, or its close button. */
export function Modal(
  { open, title, onClose, children, footer, size = "medium", className = "" }: ModalProps,
) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Callers often pass an inline onClose; reading it through a ref keeps the effect below from
  // re-running (and stealing focus) on every render.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    openDialogs.push(dialog);
    // The first field or button of the content, else of the footer; the close button only last.
    const inside = (part: string) => focusable.split(", ").map((sel) => `${part} ${sel}`).join();
    const first = dialog.querySelector<HTMLElement>(inside(".modal-body")) ??
      dialog.querySelector<HTMLElement>(inside(".modal-footer"));
    (first ?? dialog).focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === "Tab") {
        const items = [...dialog.querySelectorAll<HTMLElement>(focusable)];
        if (items.length === 0) return event.preventDefault();
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        if (
          event.shiftKey &&
          (document.activeElement === firstItem || document.activeElement === dialog)
        ) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        className={`modal modal-${size} ${className}`.trim()}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Schließen"
            title="Schließen"
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
