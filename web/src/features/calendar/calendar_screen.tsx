import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Mein Stundenplan */
export default function CalendarScreen() {
  return <Placeholder title="Mein Stundenplan" />;
}
