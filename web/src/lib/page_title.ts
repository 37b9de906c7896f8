import { useEffect } from "react";

/** Sets the document title to "<title> – Fahrplan". */
export function usePageTitle(title: string, options: { bare?: boolean } = {}): void {
  useEffect(() => {
    document.title = options.bare ? title : `${title} – Fahrplan`;
  }, [title, options.bare]);
}
