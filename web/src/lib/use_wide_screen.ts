import { useEffect, useState } from "react";

const query = "(min-width: 768px)";

/**
 * True from the medium breakpoint (768 px) up: where the availability and calendar screens show
 * their desktop grid instead of the phone list.
 */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => globalThis.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const list = globalThis.matchMedia(query);
    const update = () => setWide(list.matches);
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, []);
  return wide;
}
