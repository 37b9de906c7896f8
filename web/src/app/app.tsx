import { BrowserRouter } from "react-router";
import { ConfirmProvider } from "../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../components/ui/toast.tsx";
import { AuthProvider } from "../lib/auth.tsx";
import { AppRoutes } from "./routes.tsx";

/** Providers around the routes. */
export function App() {
  return (
    <BrowserRouter>
      <ToastProvider>
        <ConfirmProvider>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </ConfirmProvider>
      </ToastProvider>
    </BrowserRouter>
  );
}
