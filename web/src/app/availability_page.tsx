import { AbsencesCard } from "../features/absences/absences_card.tsx";
import AvailabilityScreen from "../features/availability/availability_screen.tsx";

/** /verfuegbarkeit: the weekly availability with the own absences below it (two features). */
export default function AvailabilityPage() {
  return <AvailabilityScreen AbsencesCard={AbsencesCard} />;
}
