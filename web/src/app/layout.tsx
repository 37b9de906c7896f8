import { lazy, Suspense, useLayoutEffect } from "react";
import { Link, Outlet, useLocation, useNavigationType } from "react-router";
import { useAuth } from "../lib/auth.tsx";
import { TopNav } from "./top_nav.tsx";
import { ForcedPasswordScreen } from "../features/accounts/forced_password_screen.tsx";

// Only staff load the admin tour and its 54 texts.
const AdminTour = lazy(() => import("../features/tutorial/admin_tour.tsx"));

/**
 * A link to another screen opens it at its top, as a page load would: without this the new screen
 * kept the old one's scroll position (from the bottom of /verfuegbarkeit, "Kalender" opened in the
 * middle of the month, the footer's "Impressum" at its end). Back and forward (POP) are left to
 * the browser, and a link to an anchor (#…) to its target.
 */
function useScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== "POP" && !hash) globalThis.scrollTo(0, 0);
    // Only a new screen (pathname) counts, not a changed query or anchor on the same one.
  }, [pathname]);
}

/** Navigation on top, the screen, the footer with the legal links. */
export function Layout() {
  const { user } = useAuth();
  useScrollToTopOnNavigation();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">Zum Inhalt springen</a>
      <TopNav />
      <main id="main" className="app-main" tabIndex={-1}>
        {/* A password from the start log must be replaced before any screen (issue 23). */}
        {user?.must_change_password ? <ForcedPasswordScreen /> : <Outlet />}
      </main>
      <footer className="app-footer">
        <span>© {new Date().getFullYear()} Fahrplan · KI-Fahrstundenplanung</span>
        <Link to="/impressum">Impressum</Link>
        <Link to="/datenschutz">Datenschutz</Link>
      </footer>
      {user?.is_staff && !user.must_change_password && (
        <Suspense fallback={null}>
          <AdminTour />
        </Suspense>
      )}
    </div>
  );
}
