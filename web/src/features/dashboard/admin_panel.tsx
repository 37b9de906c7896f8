import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Dashboard */
export default function AdminPanel() {
  return <Placeholder title="Dashboard" />;
}
