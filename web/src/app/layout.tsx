import { Outlet } from "react-router";
import { TopNav } from "./top_nav.tsx";

/** Navigation on top, the screen, the copyright footer. */
export function Layout() {
  return (
    <div className="app-shell">
      <TopNav />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <footer className="app-footer">
        <span>© {new Date().getFullYear()} Fahrplan</span>
        <a href="/impressum">Impressum</a>
        <a href="/datenschutz">Datenschutz</a>
      </footer>
    </div>
  );
}
