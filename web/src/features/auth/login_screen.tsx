import { Placeholder } from "../../components/ui/placeholder.tsx";

/** Anmelden */
export default function LoginScreen() {
  return <Placeholder title="Anmelden" />;
}
