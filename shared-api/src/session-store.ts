// The session (spec 3): authUser, accessToken and checkoutStatus, each under its own
// localStorage key so the shell, every remote and other tabs read the same values.
// One store for the whole page: shared-api is a federation singleton.
import { create } from 'zustand';
import { STORAGE_KEYS } from './contract/constants';
import type { CheckoutPurpose, CheckoutStatus } from './contract/enums';
import type { User } from './contract/types';

/** What the browser remembers about one checkout (keyed by checkout id). */
export interface CheckoutStatusEntry {
  status: CheckoutStatus;
  purpose?: CheckoutPurpose;
  amount?: number;
  updatedAt?: string;
}
export type CheckoutStatusMap = Record<string, CheckoutStatusEntry>;

export interface SessionState {
  user: User | null;
  token: string | null;
  checkoutStatus: CheckoutStatusMap | null;
  setSession: (user: User, token: string) => void;
  setUser: (user: User | null) => void;
  clearSession: () => void;
  setCheckoutStatus: (id: string, entry: CheckoutStatusEntry | null) => void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access can throw (blocked storage, sandboxed frames).
    return null;
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    /* storage unavailable: memory only */
  }
}

function write(key: string, value: string | null): void {
  if (value === null) return remove(key);
  try {
    storage()?.setItem(key, value);
  } catch {
    /* quota or blocked storage: the session still lives in memory */
  }
}

function readRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** A JSON object under `key`, or null; anything unreadable is removed. */
function readObject<T extends object>(key: string): T | null {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null) return null;
    if (typeof value === 'object' && !Array.isArray(value)) return value as T;
  } catch {
    /* fall through: corrupted */
  }
  remove(key);
  return null;
}

function readUser(): User | null {
  const user = readObject<User>(STORAGE_KEYS.authUser);
  if (user && (typeof user._id !== 'string' || typeof user.role !== 'string')) {
    remove(STORAGE_KEYS.authUser);
    return null;
  }
  return user;
}

/** The token is stored as the raw string; a JSON-quoted string (older writers) is accepted too. */
function readToken(): string | null {
  const raw = readRaw(STORAGE_KEYS.accessToken);
  if (raw === null || raw === '' || raw === 'null' || raw === 'undefined') return null;
  if (raw.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'string' && value !== '') return value;
    } catch {
      /* corrupted */
    }
    remove(STORAGE_KEYS.accessToken);
    return null;
  }
  return raw;
}

function readAll(): Pick<SessionState, 'user' | 'token' | 'checkoutStatus'> {
  return {
    user: readUser(),
    token: readToken(),
    checkoutStatus: readObject<CheckoutStatusMap>(STORAGE_KEYS.checkoutStatus),
  };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...readAll(),
  setSession: (user, token) => {
    write(STORAGE_KEYS.authUser, JSON.stringify(user));
    write(STORAGE_KEYS.accessToken, token);
    set({ user, token });
  },
  setUser: (user) => {
    write(STORAGE_KEYS.authUser, user ? JSON.stringify(user) : null);
    set({ user });
  },
  clearSession: () => {
    remove(STORAGE_KEYS.authUser);
    remove(STORAGE_KEYS.accessToken);
    remove(STORAGE_KEYS.checkoutStatus);
    set({ user: null, token: null, checkoutStatus: null });
  },
  setCheckoutStatus: (id, entry) => {
    const next: CheckoutStatusMap = { ...(get().checkoutStatus ?? {}) };
    if (entry) next[id] = entry;
    else delete next[id];
    const value = Object.keys(next).length > 0 ? next : null;
    write(STORAGE_KEYS.checkoutStatus, value ? JSON.stringify(value) : null);
    set({ checkoutStatus: value });
  },
}));

const KEYS: readonly string[] = Object.values(STORAGE_KEYS);

/** Re-reads the stored session (another tab changed it). Exported for tests and the shell. */
export function syncSessionFromStorage(): void {
  const next = readAll();
  const cur = useSessionStore.getState();
  // Keep object identity when nothing changed, so subscribers do not re-render.
  const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
  if (same(cur.user, next.user) && cur.token === next.token && same(cur.checkoutStatus, next.checkoutStatus)) return;
  useSessionStore.setState(next);
}

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (event: StorageEvent) => {
    // key null: the other tab called localStorage.clear().
    if (event.key === null || KEYS.includes(event.key)) syncSessionFromStorage();
  });
}

/** The session outside React (the HTTP client, route loaders, tests). */
export function getSession(): { user: User | null; token: string | null } {
  const { user, token } = useSessionStore.getState();
  return { user, token };
}

export const useAuthUser = (): User | null => useSessionStore((s) => s.user);
export const useAccessToken = (): string | null => useSessionStore((s) => s.token);
export const useIsAuthenticated = (): boolean => useSessionStore((s) => s.user !== null && s.token !== null);
export const useCheckoutStatus = (id: string): CheckoutStatusEntry | null => useSessionStore((s) => s.checkoutStatus?.[id] ?? null);

/** Records what the server said of a checkout of `purpose` in the session (checkoutStatus), now. */
export function rememberCheckout(c: { _id: string; status: CheckoutStatus; amount: number }, purpose: CheckoutPurpose): void {
  useSessionStore.getState().setCheckoutStatus(c._id, { status: c.status, purpose, amount: c.amount, updatedAt: new Date().toISOString() });
}
