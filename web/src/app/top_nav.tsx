import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Avatar } from "../components/ui/avatar.tsx";
import { ThemeToggle } from "../components/ui/theme_toggle.tsx";
import { useAuth } from "../lib/auth.tsx";
import { type FeatureFlag, isEnabled } from "../lib/feature_flags.ts";
import { Icon } from "../components/ui/icons.tsx";
import { ChangePasswordDialog } from "../features/accounts/change_password_dialog.tsx";
import { NotificationSettingsDialog } from "../features/notifications/notification_settings_dialog.tsx";
import "../components/ui/dropdown_menu.css";
import "./top_nav.css";

interface NavEntry {
  to: string;
  label: string;
  flag?: FeatureFlag;
}

// Spec 01 §2; Kalender and Verfügbarkeit are live for every signed-in user (issue 5).
const staffEntries: NavEntry[] = [
  { to: "/admin-panel", label: "Dashboard", flag: "dashboardNav" },
  { to: "/appointments", label: "Termine", flag: "appointmentsNav" },
  // All instructors side by side (issue 11); shown and hidden together with Termine.
  { to: "/uebersicht", label: "Übersicht", flag: "appointmentsNav" },
];
const userEntries: NavEntry[] = [
  { to: "/kalender", label: "Kalender", flag: "calendarNav" },
  { to: "/verfuegbarkeit", label: "Verfügbarkeit", flag: "availabilityNav" },
];
// The staff's management screens sit in one dropdown so the bar stays uncluttered.
const adminEntries: NavEntry[] = [
  { to: "/instructors", label: "Fahrlehrer" },
  { to: "/students", label: "Fahrschüler" },
  { to: "/availabilities-list", label: "Verfügbarkeiten", flag: "availabilitiesSection" },
  { to: "/vehicles", label: "Fahrzeuge", flag: "vehiclesSection" },
  { to: "/constraints-settings", label: "Einstellungen", flag: "constraintsSection" },
];

const visible = (entries: NavEntry[]) => entries.filter((e) => !e.flag || isEnabled(e.flag));

/** Closes an open menu on a click outside `root` or on Escape. */
function useCloseOutside(open: boolean, root: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, root, close]);
}

function AdminMenu({ entries }: { entries: NavEntry[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const active = entries.some((e) => pathname.startsWith(e.to));

  useEffect(() => setOpen(false), [pathname]);
  useCloseOutside(open, root, () => setOpen(false));

  return (
    <div className="menu" ref={root}>
      <button
        type="button"
        className={`nav-link${active ? " is-active" : ""}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        Verwaltung
        <Icon name="chevron-down" />
      </button>
      {open && (
        <ul className="menu-list" id={menuId}>
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className="menu-item">{entry.label}</NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The avatar opens the user's own menu: "Passwort ändern" and, for instructors and students, the
 * choice of e-mails, "Benachrichtigungen" (issue 23).
 */
function UserMenu({ user }: { user: NonNullable<ReturnType<typeof useAuth>["user"]> }) {
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const [notifications, setNotifications] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.username;

  useCloseOutside(open, root, () => setOpen(false));

  return (
    <div className="menu nav-user-menu" ref={root}>
      <button
        type="button"
        className="nav-user"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Benutzermenü von ${name}`}
        onClick={() => setOpen(!open)}
      >
        <Avatar user={user} />
        <span className="nav-user-name" aria-hidden="true">{name}</span>
      </button>
      {open && (
        <ul className="menu-list menu-list-end" id={menuId}>
          <li>
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                setOpen(false);
                setChanging(true);
              }}
            >
              Passwort ändern
            </button>
          </li>
          {user.role !== "admin" && (
            <li>
              <button
                type="button"
                className="menu-item"
                onClick={() => {
                  setOpen(false);
                  setNotifications(true);
                }}
              >
                Benachrichtigungen
              </button>
            </li>
          )}
        </ul>
      )}
      {changing && <ChangePasswordDialog open onClose={() => setChanging(false)} />}
      {notifications && <NotificationSettingsDialog onClose={() => setNotifications(false)} />}
    </div>
  );
}

/** Sticky top navigation of spec 01 §2: logo, entries by role and feature flag, theme, user. */
export function TopNav() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const linksId = useId();

  const headerRef = useRef<HTMLElement>(null);

  // The mobile menu closes whenever the user has gone somewhere, on Escape, and when the focus
  // leaves the bar: a link that asks first (unsaved changes) opens a dialog, and after "Bleiben"
  // the open menu covered the screen the user stayed on.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    const onFocus = (event: FocusEvent) =>
      !headerRef.current?.contains(event.target as Node) && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("focusin", onFocus);
    };
  }, [menuOpen]);

  const entries = user
    ? [...(user.is_staff ? visible(staffEntries) : []), ...visible(userEntries)]
    : [];
  const admin = user?.is_staff ? visible(adminEntries) : [];
  const hasLinks = entries.length + admin.length > 0;

  async function signOut() {
    let signedOut = true;
    try {
      // false: the user chose to stay because changes are still waiting to be sent.
      signedOut = await logout();
    } catch { /* the user is cleared locally either way */ }
    if (signedOut) navigate("/login");
  }

  return (
    <header className="top-nav" ref={headerRef}>
      <div className="top-nav-inner">
        <Link
          to={user?.is_staff ? "/admin-panel" : "/"}
          className="brand"
          // The name starts with the words the link shows (WCAG 2.5.3 label in name), so saying
          // "Fahrplan" or reading it aloud finds the link; the destination follows.
          aria-label="Fahrplan KI-Fahrstundenplanung – Startseite"
        >
          <img className="brand-logo" src="/favicon.svg" alt="" width="36" height="36" />
          <span className="brand-text">
            <span className="brand-name">Fahrplan</span>{" "}
            <span className="brand-tagline">KI-Fahrstundenplanung</span>
          </span>
        </Link>

        {hasLinks && (
          <nav aria-label="Hauptnavigation" className="nav-main">
            <ul id={linksId} className={`nav-links${menuOpen ? " is-open" : ""}`}>
              {entries.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className="nav-link">{entry.label}</NavLink>
                </li>
              ))}
              {admin.length > 0 && (
                <li>
                  <AdminMenu entries={admin} />
                </li>
              )}
            </ul>
          </nav>
        )}

        <div className="nav-actions">
          {isEnabled("darkModeToggle") && <ThemeToggle />}
          {user
            ? (
              <>
                <UserMenu user={user} />
                <button
                  type="button"
                  className="icon-button nav-logout"
                  title="Abmelden"
                  aria-label="Abmelden"
                  onClick={signOut}
                >
                  <Icon name="log-out" />
                </button>
              </>
            )
            : <Link to="/login" className="button button-primary button-small">Anmelden</Link>}
          {hasLinks && (
            <button
              type="button"
              className="icon-button nav-toggle"
              aria-expanded={menuOpen}
              aria-controls={linksId}
              aria-label={menuOpen ? "Menü schließen" : "Menü öffnen"}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <Icon name={menuOpen ? "close" : "menu"} />
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
