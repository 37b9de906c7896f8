import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Tutorial } from "../../components/ui/tutorial.tsx";
import { useTour } from "../../components/ui/use_tour.ts";
import { useAuth } from "../../lib/auth.tsx";
import {
  adminTourSection,
  adminTourSteps,
  adminTourStorageKey,
  adminTourWelcome,
} from "./admin_tour_steps.ts";
import { startAdminTourEvent, takeAdminTourRequest } from "./start_admin_tour.ts";

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
  const { open, start, finish: markDone } = useTour({
    tour: "admin",
    storageKey: adminTourStorageKey,
    enabled: staff,
    userId: user?.id ?? null,
    autoStart: pathname === "/admin-panel",
  });

  useEffect(() => {
    const startAsked = () => takeAdminTourRequest() && start();
    // A click that came before this code had loaded is taken now.
    startAsked();
    globalThis.addEventListener(startAdminTourEvent, startAsked);
    return () => globalThis.removeEventListener(startAdminTourEvent, startAsked);
  }, [start]);

  const finish = useCallback(() => {
    markDone();
    navigate("/admin-panel");
  }, [markDone, navigate]);

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
