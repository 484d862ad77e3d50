// The signed-in session on this device: the access token (the one piece of session state kept
// outside TanStack Query) and the local-storage keys the server's replies are mirrored into.
import type { Profile } from '@app/shared/auth';
import { clearSessionKeys, readItem, STORAGE_KEYS, writeItem } from './storage';
import { createStore, useStore } from './store';

const tokenStore = createStore<{ token: string | null }>(() => ({ token: readItem(STORAGE_KEYS.accessToken) }));

export const getToken = (): string | null => tokenStore.get().token;
export const useToken = (): string | null => useStore(tokenStore, (s) => s.token);

/** Signs in with `token` (login, or a token handed over in the address). */
export function setToken(token: string): void {
  writeItem(STORAGE_KEYS.accessToken, token);
  tokenStore.set({ token });
}

/**
 * A newer access token from the server (profile, subscription and cancel replies carry one when
 * the claims changed: plan features, role, company) replaces the stored one. Ignored once signed
 * out, so a late reply cannot sign the user back in.
 */
export function adoptFreshToken(token: string | null | undefined): void {
  const current = getToken();
  if (token && current && token !== current) setToken(token);
}

/** The plan status and days remaining of the latest reply, kept under their storage keys. */
export function rememberPlanStatus(status: string | null, daysRemaining: number): void {
  writeItem(STORAGE_KEYS.status, status);
  writeItem(STORAGE_KEYS.daysRemaining, String(daysRemaining));
}

/** What a login or profile reply carries: user, e-mail, subdomain, plan status, days remaining. */
export function rememberProfile(profile: Profile & { token: string | null }): void {
  adoptFreshToken(profile.token);
  writeItem(STORAGE_KEYS.user, JSON.stringify(profile.user));
  writeItem(STORAGE_KEYS.subdomain, profile.subdomain ?? null);
  writeItem(STORAGE_KEYS.accessUser, profile.user.email);
  rememberPlanStatus(profile.status_plan, profile.days_remaining);
}

/** The stored plan status and days remaining: what counts before the subscription has loaded. */
export function storedPlanStatus(): { status: string | null; days: number | null } {
  const days = readItem(STORAGE_KEYS.daysRemaining);
  return { status: readItem(STORAGE_KEYS.status), days: days === null || Number.isNaN(Number(days)) ? null : Number(days) };
}

/** The signed-in user's e-mail, which billing calls act for. */
export const storedEmail = (): string | null => readItem(STORAGE_KEYS.accessUser);

/** Removes the session keys (logout also forgets the e-mail) and the token. */
export function clearSession(opts: { forgetEmail?: boolean } = {}): void {
  clearSessionKeys();
  if (opts.forgetEmail) writeItem(STORAGE_KEYS.accessUser, null);
  tokenStore.set({ token: null });
}
