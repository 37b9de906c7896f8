import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Verfügbarkeiten */
export default function AvailabilitiesListScreen() {
  return <Placeholder title="Verfügbarkeiten" />;
}
