import type { ReactNode } from "react";
import { Navigate } from "react-router";
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

/** Staff only; others go to /login. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user?.is_staff ? <>{children}</> : <Navigate to="/login" replace />;
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
