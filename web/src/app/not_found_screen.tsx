import { Link, useLocation } from "react-router";
import { useAuth } from "../lib/auth.tsx";
import { usePageTitle } from "../lib/page_title.ts";
import { homePath } from "./guards.tsx";

/**
 * An address the app does not know (/gibtsnicht): said in German, with the way back to where the
 * user belongs (issue 25, point 15), instead of a silent jump to the dashboard that hides the typo.
 */
export default function NotFoundScreen() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  usePageTitle("Seite nicht gefunden");
  const back = user
    ? {
      to: homePath(user.is_staff),
      label: user.is_staff ? "Zum Dashboard" : "Zur Verfügbarkeit",
    }
    : { to: "/login", label: "Zur Anmeldung" };
  return (
    <section className="page not-found">
      <header className="page-header">
        <div>
          <h1>Seite nicht gefunden</h1>
          <p>
            Die Adresse <code>{pathname}</code>{" "}
            gibt es in Fahrplan nicht. Vielleicht ist sie vertippt oder veraltet.
          </p>
        </div>
      </header>
      <p>
        <Link className="button button-primary" to={back.to}>{back.label}</Link>
      </p>
    </section>
  );
}
