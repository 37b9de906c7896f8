import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useEffect, useState } from "react";
import { useProvided } from "./use_provided.ts";
import { useConfirm } from "../components/ui/confirm_dialog.tsx";
import { api, ApiError, call, loadCsrfToken, type User } from "./api.ts";
import { ServerUnavailable } from "./server_unavailable.tsx";
import { setPersonalCacheOwner } from "./offline/personal_cache.ts";
import { deliverPendingLogout, rememberPendingLogout } from "./offline/pending_logout.ts";
import { stopOnThisDevice } from "./push/device.ts";
import {
  clearPersonalData,
  flushQueue,
  getSyncState,
  setSyncUser,
  subscribeSync,
} from "./offline/sync.ts";

interface AuthState {
  user: User | null;
  /** false until the CSRF token and the current user have loaded */
  ready: boolean;
  login(username: string, password: string): Promise<User>;
  /** Sends or, after a warning, drops pending changes; answers false when the user stays. */
  logout(): Promise<boolean>;
  setUser(user: User | null): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** Loads the CSRF token, then the current user; renders nothing until both have finished. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [ready, setReady] = useState(false);
  // The server answered 5xx (database down): neither signed in nor out, so no login screen that
  // would look like an expired session; the check is repeated until the server answers again.
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const confirm = useConfirm();
  // Loaded data belongs to the session: the next user must not see the last one's.
  const queryClient = useQueryClient();

  useEffect(() => {
    (async () => {
      try {
        // Without a token the app can still show the user's cached data offline.
        await loadCsrfToken().catch(() => "");
        // Signed out without a connection: nobody is signed in here until the server knows.
        if (!await deliverPendingLogout()) {
          setUnavailable(null);
          setUser(null);
          return;
        }
        setUser(await call("GET /auth/current-user/"));
        setUnavailable(null);
      } catch (err) {
        if (err instanceof ApiError && err.status >= 500) {
          setUnavailable(err.message);
          return;
        }
        if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 0)) {
          console.error(err);
        }
        setUnavailable(null);
        setUser(null);
      } finally {
        setReady(true);
      }
    })();
  }, [attempt]);

  useEffect(() => {
    if (!unavailable) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), 10_000);
    return () => clearTimeout(timer);
  }, [unavailable, attempt]);

  // The offline queue sends only the signed-in user's writes, and replays after each login.
  useEffect(() => {
    void setSyncUser(user?.id ?? null);
  }, [user?.id]);

  // The offline copy of the user's own data follows who is signed in.
  useEffect(() => setPersonalCacheOwner(user?.role ?? null), [user?.role]);

  // A 401 during a replay: the session ended while offline; ask for a new login, keep the queue.
  useEffect(() =>
    subscribeSync(() => {
      if (getSyncState().sessionExpired) setUser(null);
    }), []);

  const login = useCallback(async (username: string, password: string) => {
    // The previous person's session ends first, even when their sign-out was made offline.
    await deliverPendingLogout();
    const answer = await call("POST /auth/login/", { body: { username, password } });
    // A new session gets a new token; the cached copy would be the old one.
    await loadCsrfToken().catch(() => "");
    queryClient.clear();
    setUser(answer.user);
    return answer.user;
  }, [queryClient]);

  const logout = useCallback(async () => {
    if (getSyncState().pending > 0) await flushQueue();
    const left = getSyncState().pending;
    if (left > 0) {
      const leave = await confirm({
        title: "Nicht übertragene Änderungen",
        message: left === 1
          ? "1 Änderung wurde noch nicht übertragen und geht beim Abmelden verloren. " +
            "Trotzdem abmelden?"
          : `${left} Änderungen wurden noch nicht übertragen und gehen beim Abmelden verloren. ` +
            "Trotzdem abmelden?",
        confirmLabel: "Trotzdem abmelden",
        variant: "warning",
      });
      if (!leave) return false;
    }
    // A shared device must not go on showing this person's lessons: its push subscription ends
    // with the session (while the session can still say whose it is).
    await stopOnThisDevice().catch(() => 0);
    try {
      await api.post("/auth/logout/");
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Not delivered: the device remembers it and sends it when the server answers again.
      if (err.status === 0 || err.status >= 500 || err.status === 429) rememberPendingLogout();
    } finally {
      await clearPersonalData();
      queryClient.clear();
      setUser(null);
    }
    return true;
  }, [confirm, queryClient]);

  if (!ready) return null;
  if (unavailable) {
    return <ServerUnavailable message={unavailable} retry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <AuthContext.Provider value={{ user, ready, login, logout, setUser }}>
      {children}
    </AuthContext.Provider>
  );
}

/** The signed-in user and the login/logout actions. */
export function useAuth(): AuthState {
  return useProvided(AuthContext, "useAuth outside AuthProvider");
}
