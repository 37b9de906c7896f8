/// <reference types="vite/client" />
// The global base first, so the CSS each component imports comes after it and refines it.
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { SyncStatus } from "./components/ui/sync_status.tsx";
import { UpdatePrompt } from "./components/ui/update_prompt.tsx";
import { startOfflineSync } from "./lib/offline/start_sync.ts";
import { registerServiceWorker } from "./lib/offline/sw_registration.ts";

// Only the built app has a service worker; the dev server would cache stale modules.
if (import.meta.env.PROD) registerServiceWorker();
startOfflineSync();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
    <SyncStatus />
    <UpdatePrompt />
  </StrictMode>,
);
