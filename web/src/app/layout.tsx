import { lazy, Suspense } from "react";
import { Link, Outlet } from "react-router";
import { useAuth } from "../lib/auth.tsx";
import { TopNav } from "./top_nav.tsx";

// Only staff load the admin tour and its 54 texts.
const AdminTour = lazy(() => import("../features/tutorial/admin_tour.tsx"));

/** Navigation on top, the screen, the footer with the legal links. */
export function Layout() {
  const { user } = useAuth();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">Zum Inhalt springen</a>
      <TopNav />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
        <span>© {new Date().getFullYear()} Fahrplan · KI-Fahrstundenplanung</span>
        <Link to="/impressum">Impressum</Link>
        <Link to="/datenschutz">Datenschutz</Link>
      </footer>
      {user?.is_staff && (
        <Suspense fallback={null}>
          <AdminTour />
        </Suspense>
      )}
    </div>
  );
}
