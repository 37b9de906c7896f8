import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

/** How often a failed load is tried again before the screen shows the error. */
const maxRetries = 3;

/**
 * Whether a failed load is worth another try: a lost connection or a server error may pass, an
 * answer in the 4xx range (not allowed, not found, invalid) stays the same however often asked.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < maxRetries;
}

/**
 * The app's query client. Loads run even when the browser says it is offline ("offlineFirst"):
 * the service worker answers the self-service screens from its copy then. Saves are never retried
 * by the library; the offline queue (lib/offline) keeps those that must survive a lost connection.
 * Every screen reloads its data when the window gets the focus back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        networkMode: "offlineFirst",
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
