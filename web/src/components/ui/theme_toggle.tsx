import { useTheme } from "../../lib/theme.ts";

/** Icon button that switches between the light and the dark design and remembers the choice. */
export function ThemeToggle({ className = "icon-button" }: { className?: string }) {
  const { theme, toggle } = useTheme();
  const label = theme === "dark" ? "Helles Design aktivieren" : "Dunkles Design aktivieren";
  return (
    <button
      type="button"
      className={`${className} theme-toggle`}
      onClick={toggle}
      title={label}
      aria-label={label}
      data-theme={theme}
    >
      {theme === "dark"
        ? (
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="4" />
            <path
              strokeLinecap="round"
              d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
            />
          </svg>
        )
        : (
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path
              strokeLinejoin="round"
              d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z"
            />
          </svg>
        )}
    </button>
  );
}
