import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Schüler-Fragebogen */
export default function QuestionnaireScreen() {
  return <Placeholder title="Schüler-Fragebogen" />;
}
