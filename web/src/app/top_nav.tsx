import { Link, NavLink, useNavigate } from "react-router";
import { useAuth } from "../lib/auth.tsx";

/** Sticky top navigation (spec 01 §2); the shell step completes it. */
export function TopNav() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <header className="top-nav">
      <Link to={user?.is_staff ? "/admin-panel" : "/"} className="brand">Fahrplan</Link>
      {user && (
        <nav aria-label="Hauptnavigation">
          {user.is_staff && <NavLink to="/admin-panel">Dashboard</NavLink>}
          {user.is_staff && <NavLink to="/appointments">Termine</NavLink>}
          <NavLink to="/kalender">Kalender</NavLink>
          <NavLink to="/verfuegbarkeit">Verfügbarkeit</NavLink>
        </nav>
      )}
      {user
        ? (
          <button
            type="button"
            title="Abmelden"
            aria-label="Abmelden"
            onClick={async () => {
              await logout();
              navigate("/login");
            }}
          >
            Abmelden
          </button>
        )
        : <Link to="/login">Anmelden</Link>}
    </header>
  );
}
