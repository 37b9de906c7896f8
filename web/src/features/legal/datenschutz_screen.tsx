import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Datenschutzerklärung */
export default function DatenschutzScreen() {
  return <Placeholder title="Datenschutzerklärung" />;
}
