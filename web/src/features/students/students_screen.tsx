import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Fahrschüler */
export default function StudentsScreen() {
  return <Placeholder title="Fahrschüler" />;
}
