import { createContext, type ReactNode, useCallback, useEffect, useState } from "react";
import { useProvided } from "./use_provided.ts";
import { useConfirm } from "../components/ui/confirm_dialog.tsx";
import { api, ApiError, call, loadCsrfToken, type User } from "./api.ts";
import { setPersonalCacheOwner } from "./offline/personal_cache.ts";
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
  const confirm = useConfirm();

  useEffect(() => {
    (async () => {
      try {
        // Without a token the app can still show the user's cached data offline.
        await loadCsrfToken().catch(() => "");
        setUser(await call("GET /auth/current-user/"));
      } catch (err) {
        if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 0)) {
          console.error(err);
        }
        setUser(null);
      } finally {
        setReady(true);
      }
    })();
  }, []);

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
    const answer = await call("POST /auth/login/", { body: { username, password } });
    // A new session gets a new token; the cached copy would be the old one.
    await loadCsrfToken().catch(() => "");
    setUser(answer.user);
    return answer.user;
  }, []);

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
    try {
      await api.post("/auth/logout/");
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      await clearPersonalData();
      setUser(null);
    }
    return true;
  }, [confirm]);

  if (!ready) return null;
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
