import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { ConfirmProvider } from "../components/ui/confirm_dialog.tsx";
import { ToastProvider } from "../components/ui/toast.tsx";
import { AuthProvider } from "../lib/auth.tsx";
import { createQueryClient } from "../lib/query_client.ts";
import { AppRoutes } from "./routes.tsx";

// One client for the app's lifetime: it holds the loaded data every screen shares.
const queryClient = createQueryClient();

/** Providers around the routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider>
          <ConfirmProvider>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </ConfirmProvider>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
