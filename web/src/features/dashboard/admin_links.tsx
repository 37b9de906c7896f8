import { Link } from "react-router";
import { isEnabled } from "../../lib/feature_flags.ts";

interface AdminLink {
  label: string;
  description: string;
  to?: string;
}

const coming = "Demnächst verfügbar";

/** The groups of the site-administration list (spec 01 §2); entries without a target are disabled. */
function groups(): { title: string; links: AdminLink[] }[] {
  return [
    {
      title: "Verwaltung",
      links: [
        { label: "Fahrschüler", description: "Schüler anlegen und bearbeiten", to: "/students" },
        { label: "Fahrlehrer", description: "Fahrlehrer und Arbeitszeiten", to: "/instructors" },
        {
          label: "Verfügbarkeiten",
          description: "Alle Verfügbarkeiten im Überblick",
          to: isEnabled("availabilitiesSection") ? "/availabilities-list" : undefined,
        },
        { label: "Termine", description: "Geplante Fahrstunden", to: "/appointments" },
        {
          label: "Übersicht",
          description: "Alle Fahrlehrer im Tages- und Wochenplan",
          to: "/uebersicht",
        },
        {
          label: "Fahrzeuge",
          description: "Fahrzeuge und Getriebeart",
          to: isEnabled("vehiclesSection") ? "/vehicles" : undefined,
        },
        {
          label: "Constraints-Einstellungen",
          description: "Regeln der KI-Planung",
          to: isEnabled("constraintsSection") ? "/constraints-settings" : undefined,
        },
        {
          label: "Ferien & Feiertage",
          description: "Bundesland, Schulferien und Feiertage",
          to: "/ferien-feiertage",
        },
      ],
    },
    {
      title: "Berichte",
      links: [
        { label: "Statistiken", description: coming },
        { label: "Prüfungserfolgs-Prognose", description: coming },
        { label: "Anbindung externer Fahrschul-Software", description: coming },
        { label: "Business Intelligence", description: coming },
      ],
    },
    {
      title: "Authentifizierung",
      links: [
        { label: "Benutzer", description: coming },
        { label: "Gruppen", description: coming },
      ],
    },
  ];
}

/** Site administration: links to the staff screens, and disabled entries for what is not built. */
export function AdminLinks() {
  return (
    <section className="card" aria-labelledby="admin-links-title" data-tutorial="admin-links">
      <h2 id="admin-links-title" className="card-title">Verwaltung der Fahrschule</h2>
      <div className="admin-link-groups">
        {groups().map((group) => (
          <div key={group.title} className="admin-link-group">
            <h3>{group.title}</h3>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.to
                    ? (
                      <Link className="admin-link" to={link.to}>
                        <span className="admin-link-label">{link.label}</span>
                        <span className="admin-link-description">{link.description}</span>
                      </Link>
                    )
                    : (
                      <span className="admin-link admin-link-disabled" aria-disabled="true">
                        <span className="admin-link-label">{link.label}</span>
                        <span className="admin-link-description">{coming}</span>
                      </span>
                    )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
