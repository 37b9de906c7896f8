import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Constraints-Einstellungen */
export default function ConstraintsScreen() {
  return <Placeholder title="Constraints-Einstellungen" />;
}
