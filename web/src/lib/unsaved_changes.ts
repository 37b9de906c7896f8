import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useConfirm } from "../components/ui/confirm_dialog.tsx";

/** The question asked before unsaved changes are lost. */
export const leaveQuestion =
  "Sie haben ungespeicherte Änderungen. Möchten Sie die Seite wirklich verlassen? Ihre Änderungen gehen dann verloren.";

/**
 * Leaving a screen with unsaved changes asks first (issue 14, problem 5): a reload, closing the
 * tab or the update prompt's "Neu laden" get the browser's own question (beforeunload); a link
 * inside the app gets the app's dialog. The app uses a BrowserRouter (no data router, so no
 * useBlocker): links are caught in the capture phase, before React Router sees the click.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with returnValue set.
      event.returnValue = leaveQuestion;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]") as
        | HTMLAnchorElement
        | null;
      if (!link || link.target === "_blank" || link.hasAttribute("download")) return;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin) return;
      if (url.pathname === location.pathname && url.search === location.search) return;
      event.preventDefault();
      event.stopPropagation();
      void confirm({
        title: "Ungespeicherte Änderungen",
        message: leaveQuestion,
        confirmLabel: "Verlassen",
        cancelLabel: "Bleiben",
        variant: "danger",
      }).then((ok) => {
        if (!ok) return;
        globalThis.removeEventListener("beforeunload", beforeUnload);
        navigate(url.pathname + url.search + url.hash);
      });
    };
    globalThis.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      globalThis.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, confirm, navigate]);
}
