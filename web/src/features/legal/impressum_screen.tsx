import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Impressum */
export default function ImpressumScreen() {
  return <Placeholder title="Impressum" />;
}
