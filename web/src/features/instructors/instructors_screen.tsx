import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Fahrlehrer */
export default function InstructorsScreen() {
  return <Placeholder title="Fahrlehrer" />;
}
