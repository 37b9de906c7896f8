import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Meine wöchentliche Verfügbarkeit */
export default function AvailabilityScreen() {
  return <Placeholder title="Meine wöchentliche Verfügbarkeit" />;
}
