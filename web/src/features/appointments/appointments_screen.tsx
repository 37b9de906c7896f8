import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Termine */
export default function AppointmentsScreen() {
  return <Placeholder title="Termine" />;
}
