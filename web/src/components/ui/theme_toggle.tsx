import { useTheme } from "../../lib/theme.ts";
import { Icon } from "./icons.tsx";

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
      <Icon name={theme === "dark" ? "sun" : "moon"} />
    </button>
  );
}
