import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useEffect, useRef } from "react";
import { useProvided } from "./use_provided.ts";
import { useConfirm } from "../components/ui/confirm_dialog.tsx";
import { ApiError, call, loadCsrfToken, type User } from "./api.ts";
import { ServerUnavailable } from "./server_unavailable.tsx";
import { isSessionQuery, queryKeys } from "./query_keys.ts";
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

/** How often the session is asked again while the server answers 5xx. */
const unavailableRetryMs = 10_000;

/**
 * Loads the CSRF token, then who is signed in (null: nobody). A 5xx (database down) is thrown:
 * neither signed in nor out, so no login screen that would look like an expired session.
 */
async function loadSession(): Promise<User | null> {
  // Without a token the app can still show the user's cached data offline.
  await loadCsrfToken().catch(() => "");
  // Signed out without a connection: nobody is signed in here until the server knows.
  if (!await deliverPendingLogout()) return null;
  try {
    return await call("GET /auth/current-user/");
  } catch (err) {
    if (err instanceof ApiError && err.status >= 500) throw err;
    if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 0)) {
      console.error(err);
    }
    return null;
  }
}

/** Drops every loaded resource but the session itself: the next user must not see the last one's. */
function forgetLoadedData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.getMutationCache().clear();
}

/** Loads the CSRF token, then the current user; renders nothing until both have finished. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  // Asked once per page load (the session changes only by login, logout or an expired replay,
  // which set it here); while the server answers 5xx, again every 10 s until it answers.
  const session = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: loadSession,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => (query.state.status === "error" ? unavailableRetryMs : false),
  });
  const user = session.data ?? null;
  const ready = !session.isPending;
  const unavailable = session.isError ? session.error.message : null;
  const setUser = useCallback((next: User | null) => {
    queryClient.setQueryData(queryKeys.currentUser, next);
  }, [queryClient]);

  // The offline queue sends only the signed-in user's writes, and replays after each login.
  // `synced`: the queue knows who is signed in (until then it reads queued writes as expired).
  const synced = useRef<number | null>(null);
  useEffect(() => {
    const id = user?.id ?? null;
    synced.current = null;
    void setSyncUser(id).then(() => {
      synced.current = id;
    });
  }, [user?.id]);

  // The offline copy of the user's own data follows who is signed in.
  useEffect(() => setPersonalCacheOwner(user?.role ?? null), [user?.role]);

  // A 401 during a replay: the session ended while offline; ask for a new login, keep the queue.
  // Only once the queue knows the signed-in user: before, it reads the writes it holds as expired
  // (told "nobody" while the session loaded), which says nothing about this session.
  useEffect(() =>
    subscribeSync(() => {
      if (getSyncState().sessionExpired && synced.current !== null) setUser(null);
    }), [setUser]);

  const login = useCallback(async (username: string, password: string) => {
    // The previous person's session ends first, even when their sign-out was made offline.
    await deliverPendingLogout();
    const answer = await call("POST /auth/login/", { body: { username, password } });
    // A new session gets a new token; the cached copy would be the old one.
    await loadCsrfToken().catch(() => "");
    forgetLoadedData(queryClient);
    setUser(answer.user);
    return answer.user;
  }, [queryClient, setUser]);

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
      await call("POST /auth/logout/");
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Not delivered: the device remembers it and sends it when the server answers again.
      if (err.status === 0 || err.status >= 500 || err.status === 429) rememberPendingLogout();
    } finally {
      await clearPersonalData();
      forgetLoadedData(queryClient);
      setUser(null);
    }
    return true;
  }, [confirm, queryClient, setUser]);

  if (!ready) return null;
  if (unavailable) {
    return <ServerUnavailable message={unavailable} retry={() => void session.refetch()} />;
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
