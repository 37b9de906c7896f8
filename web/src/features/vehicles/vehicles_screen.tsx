import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Fahrzeuge */
export default function VehiclesScreen() {
  return <Placeholder title="Fahrzeuge" />;
}
