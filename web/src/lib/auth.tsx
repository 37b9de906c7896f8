import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { api, ApiError, loadCsrfToken, type User } from "./api.ts";

interface AuthState {
  user: User | null;
  /** false until the CSRF token and the current user have loaded */
  ready: boolean;
  login(username: string, password: string): Promise<User>;
  logout(): Promise<void>;
  setUser(user: User | null): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** Loads the CSRF token, then the current user; renders nothing until both have finished. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    (async () => {
      try {
        await loadCsrfToken();
        setUser(await api.get<User>("/auth/current-user/"));
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401) console.error(err);
        setUser(null);
      } finally {
        setReady(true);
      }
    })();
  }, []);

  const login = useCallback(async (username: string, password: string) => {
    const answer = await api.post<{ user: User }>("/auth/login/", { username, password });
    setUser(answer.user);
    return answer.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post("/auth/logout/");
    } finally {
      setUser(null);
    }
  }, []);

  if (!ready) return null;
  return (
    <AuthContext.Provider value={{ user, ready, login, logout, setUser }}>
      {children}
    </AuthContext.Provider>
  );
}

/** The signed-in user and the login/logout actions. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth outside AuthProvider");
  return state;
}
