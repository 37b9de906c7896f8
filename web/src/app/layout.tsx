import { Link, Outlet } from "react-router";
import { TopNav } from "./top_nav.tsx";

/** Navigation on top, the screen, the footer with the legal links. */
export function Layout() {
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
    </div>
  );
}
