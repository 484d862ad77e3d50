// Local storage under the spec's keys (STORAGE_KEYS). Every access is guarded: private
// modes and full quotas throw, and the app must keep working without persistence.
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@app/shared/constants';

export { STORAGE_KEYS };

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Ignored: storage unavailable.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readBoolean(key: string, fallback: boolean): boolean {
  const raw = readItem(key);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return fallback;
}

/** The keys removed on logout and on a 401/403 reply. */
export function clearSessionKeys(): void {
  for (const key of SESSION_STORAGE_KEYS) writeItem(key, null);
}
