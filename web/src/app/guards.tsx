import { type ReactNode, useEffect, useRef } from "react";
import { Navigate } from "react-router";
import { useToast } from "../components/ui/toast.tsx";
import { useAuth } from "../lib/auth.tsx";

/** Where a signed-in user belongs: staff to the dashboard, everyone else to the availability grid. */
export function homePath(isStaff: boolean): string {
  return isStaff ? "/admin-panel" : "/verfuegbarkeit";
}

/** Signed-in users only; others go to /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <>{children}</> : <Navigate to="/login" replace />;
}

/**
 * A signed-in user without staff rights on a staff route. The spec sends "others" to /login, and
 * /login sends a signed-in user home; we go home in one step and say why, so the user is not
 * left wondering where the page went.
 */
function NotStaff({ isStaff }: { isStaff: boolean }) {
  const toast = useToast();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.show("Dieser Bereich ist der Fahrschulverwaltung vorbehalten.", "warning", 4000);
  }, [toast]);
  return <Navigate to={homePath(isStaff)} replace />;
}

/** Staff only; visitors go to /login, other signed-in users to their start page. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <Navigate to="/login" replace />;
  return user.is_staff ? <>{children}</> : <NotStaff isStaff={user.is_staff} />;
}

/** '/': to /login, /admin-panel or /verfuegbarkeit. */
export function HomeRedirect() {
  const { user } = useAuth();
  return <Navigate to={user ? homePath(user.is_staff) : "/login"} replace />;
}

/** /login for visitors; signed-in users are sent home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <Navigate to={homePath(user.is_staff)} replace /> : <>{children}</>;
}
