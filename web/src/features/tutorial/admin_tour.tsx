import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Tutorial } from "../../components/ui/tutorial.tsx";
import { autoStartDelayMs } from "../../components/ui/tutorial_logic.ts";
import { call } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.tsx";
import { isEnabled } from "../../lib/feature_flags.ts";
import {
  adminTourSection,
  adminTourSteps,
  adminTourStorageKey,
  adminTourWelcome,
} from "./admin_tour_steps.ts";
import { startAdminTourEvent } from "./start_admin_tour.ts";

/** Stores "seen" on the server and in the spec's local key; a failed call only costs a rerun. */
function markSeen() {
  localStorage.setItem(adminTourStorageKey, "true");
  call("PUT /my-tutorials/", { body: { tour: "admin", completed: true } }).catch((err) =>
    console.error("Tutorial-Status konnte nicht gespeichert werden", err)
  );
}

/**
 * The admin tour, mounted beside every staff screen since it walks through several of them. It
 * starts once, 1 s after the first visit of /admin-panel (neither the server nor the browser knows
 * it as seen), and any time from the ?-button; finishing or quitting ends on /admin-panel.
 */
export default function AdminTour() {
  const { user } = useAuth();
  const staff = Boolean(user?.is_staff);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  /** null while the server has not answered */
  const [seen, setSeen] = useState<boolean | null>(null);

  // The server's flag follows the user to another browser; the local key is kept in step both
  // ways (a browser that finished the tour before the server knew tells it now).
  useEffect(() => {
    if (!staff) return;
    let gone = false;
    const local = localStorage.getItem(adminTourStorageKey) === "true";
    call("GET /my-tutorials/")
      .then((state) => {
        if (gone) return;
        if (state.completed.admin) localStorage.setItem(adminTourStorageKey, "true");
        else if (local) markSeen();
        setSeen(state.completed.admin || local);
      })
      .catch(() => !gone && setSeen(local));
    return () => {
      gone = true;
    };
  }, [staff, user?.id]);

  const onPanel = pathname === "/admin-panel";
  useEffect(() => {
    if (!staff || seen !== false || !onPanel || !isEnabled("tutorial")) return;
    const timer = setTimeout(() => {
      setSeen(true);
      setOpen(true);
    }, autoStartDelayMs);
    return () => clearTimeout(timer);
  }, [staff, seen, onPanel]);

  useEffect(() => {
    const start = () => setOpen(true);
    globalThis.addEventListener(startAdminTourEvent, start);
    return () => globalThis.removeEventListener(startAdminTourEvent, start);
  }, []);

  const finish = useCallback(() => {
    setOpen(false);
    markSeen();
    navigate("/admin-panel");
  }, [navigate]);

  if (!staff) return null;
  return (
    <Tutorial
      steps={adminTourSteps}
      open={open}
      onFinish={finish}
      label="Tutorial für Administratoren"
      welcome={adminTourWelcome}
      sectionOf={adminTourSection}
      navigate={navigate}
      pathname={pathname}
    />
  );
}
