import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { Tutorial } from "../../components/ui/tutorial.tsx";
import { useTour } from "../../components/ui/use_tour.ts";
import { useAuth } from "../../lib/auth.tsx";
import { call } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query_keys.ts";
import {
  adminTourSection,
  adminTourStepsFor,
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

  // Whether the school has real people: the planning step then says only the test data are
  // planned (issue 25.12). Asked while the tour is open; a failed answer leaves the note out.
  const counts = useQuery({
    queryKey: queryKeys.testDataCounts,
    queryFn: ({ signal }) => call("GET /admin/test-data/", { signal }),
    enabled: staff && open,
  });
  const realPeople = (counts.data?.real_people ?? 0) > 0;
  const steps = useMemo(() => adminTourStepsFor(realPeople), [realPeople]);

  const finish = useCallback(() => {
    markDone();
    navigate("/admin-panel");
  }, [markDone, navigate]);

  if (!staff) return null;
  return (
    <Tutorial
      steps={steps}
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
