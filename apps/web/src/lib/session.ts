// Section 3/8: the signed-in session, mirrored in local storage under STORAGE_KEYS.
import type { LoginOutput, Profile, User } from '@app/shared/auth';
import type { FeatureMap, Role } from '@app/shared/constants';
import { clearSessionKeys, readItem, readJson, STORAGE_KEYS, writeItem } from './storage';
import { createStore, useStore } from './store';

export type SessionState = {
  token: string | null;
  user: User | null;
  statusPlan: string | null;
  daysRemaining: number | null;
  subdomain: string | null;
  features: FeatureMap | null;
  /** The server's text of the last failed login (section 8). */
  loginError: string | null;
};

function fromStorage(): SessionState {
  const days = readItem(STORAGE_KEYS.daysRemaining);
  return {
    token: readItem(STORAGE_KEYS.accessToken),
    user: readJson<User>(STORAGE_KEYS.user),
    statusPlan: readItem(STORAGE_KEYS.status),
    daysRemaining: days === null || Number.isNaN(Number(days)) ? null : Number(days),
    subdomain: readItem(STORAGE_KEYS.subdomain),
    features: null,
    loginError: null,
  };
}

export const sessionStore = createStore<SessionState>(fromStorage());

export const isLoggedIn = () => !!sessionStore.get().token;
export const currentRole = (): Role | undefined => sessionStore.get().user?.role;

/**
 * A newer access token from the server (profile, subscription and cancel replies carry one when
 * the claims changed: plan features, role, company): it replaces the stored one. Ignored once
 * signed out, so a late reply cannot sign the user back in.
 */
export function adoptFreshToken(token: string | null | undefined): void {
  const current = sessionStore.get().token;
  if (!token || !current || token === current) return;
  writeItem(STORAGE_KEYS.accessToken, token);
  sessionStore.set({ token });
}

/** The plan status and days remaining of the latest reply, kept under their storage keys. */
export function applyPlanStatus(statusPlan: string | null, daysRemaining: number): void {
  writeItem(STORAGE_KEYS.status, statusPlan);
  writeItem(STORAGE_KEYS.daysRemaining, String(daysRemaining));
  sessionStore.set({ statusPlan, daysRemaining });
}

/** Stores what login and profile replies carry: user, plan status, days remaining, subdomain. */
export function applyProfile(profile: Profile & { token?: string | null }): void {
  adoptFreshToken(profile.token);
  writeItem(STORAGE_KEYS.user, JSON.stringify(profile.user));
  writeItem(STORAGE_KEYS.subdomain, profile.subdomain ?? null);
  writeItem(STORAGE_KEYS.accessUser, profile.user.email);
  applyPlanStatus(profile.status_plan, profile.days_remaining);
  sessionStore.set({ user: profile.user, subdomain: profile.subdomain, features: profile.features });
}

export function startSession(login: LoginOutput): void {
  writeItem(STORAGE_KEYS.accessToken, login.token);
  sessionStore.set({ token: login.token, loginError: null });
  applyProfile(login);
}

/** A token handed over in the address (?token=...) becomes the access token. */
export function adoptToken(token: string): void {
  writeItem(STORAGE_KEYS.accessToken, token);
  sessionStore.set({ token });
}

export function setLoginError(message: string | null): void {
  sessionStore.set({ loginError: message });
}

/** Removes the session keys (section 8) and forgets the signed-in user. */
export function clearSession(opts: { forgetEmail?: boolean } = {}): void {
  clearSessionKeys();
  if (opts.forgetEmail) writeItem(STORAGE_KEYS.accessUser, null);
  sessionStore.set({ token: null, user: null, statusPlan: null, daysRemaining: null, subdomain: null, features: null });
}

export function useSession<S>(selector: (s: SessionState) => S): S {
  return useStore(sessionStore, selector);
}

export const useCurrentUser = () => useSession((s) => s.user);
