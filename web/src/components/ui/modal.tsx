import { type ReactNode, useEffect, useId, useRef } from "react";
import { Dialog, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { Icon } from "./icons.tsx";
import "./modal.css";

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

/**
 * A dialog with a title that closes on Escape, a click on the overlay, or its close button.
 * react-aria-components does the modal part: focus trap, Escape for the innermost dialog only,
 * hiding the page from screen readers, scroll lock and giving focus back on close.
 */
export function Modal(
  { open, title, onClose, children, footer, size = "medium", className = "" }: ModalProps,
) {
  const titleId = useId();
  const dialogRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    // The first field or button of the content, else of the footer; the close button only last.
    const inside = (part: string) => focusable.split(", ").map((sel) => `${part} ${sel}`).join();
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(inside(".modal-body")) ??
      dialog?.querySelector<HTMLElement>(inside(".modal-footer"));
    first?.focus();
  }, [open]);

  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isDismissable
      // A toast or the update prompt sits above the dialog; pressing one keeps the dialog open.
      shouldCloseOnInteractOutside={(element) => !element.closest("[data-react-aria-top-layer]")}
      className="modal-overlay"
      data-testid="modal-overlay"
    >
      <AriaModal className="modal-frame">
        <Dialog
          ref={dialogRef}
          className={`modal modal-${size} ${className}`.trim()}
          aria-labelledby={titleId}
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
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
