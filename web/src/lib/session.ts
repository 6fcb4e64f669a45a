import { STORAGE_KEYS, storage } from './storage-keys';

/** The stored login record (spec §3): the authenticate answer plus the Basic credentials. */
export interface StoredUser {
  authdata: string;
  type?: string;
  message?: string;
  code?: number;
}

type Listener = (user: StoredUser | null) => void;
const listeners = new Set<Listener>();

/** Logged in means the stored 'user' entry exists (spec §4). */
export function readStoredUser(): StoredUser | null {
  const text = storage.get(STORAGE_KEYS.user);
  if (!text) return null;
  try {
    const user = JSON.parse(text) as unknown;
    if (typeof user === 'object' && user !== null && 'authdata' in user) {
      if (typeof user.authdata === 'string') return user as StoredUser;
    }
  } catch {
    // A damaged entry counts as logged out.
  }
  return null;
}

function emit(user: StoredUser | null) {
  for (const listener of listeners) listener(user);
}

/** Stores the login record and emits logged-in. */
export function storeUser(user: StoredUser): void {
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  emit(user);
}

/** Removes the login record and emits logged-out. */
export function clearStoredUser(): void {
  storage.remove(STORAGE_KEYS.user);
  emit(null);
}

/** Subscribes to logged-in / logged-out; returns the unsubscribe function. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** base64 of the UTF-8 `user:password` pair, as the Basic scheme wants. */
export function encodeAuthdata(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

// Another tab logged in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.user || event.key === null) emit(readStoredUser());
  });
}
