// Section 6: which plan features the signed-in account has, for showing or hiding elements. Read
// from the token's claims when they carry them, else from GET /api/available_features; all off
// on failure. Only a hint for the screen: the server checks every call against the plan.
import { FEATURE_KEYS, type FeatureKey, type FeatureMap, NO_FEATURES, SUPER_ADMIN_FEATURES } from '@app/shared/constants';
import { sessionStore } from './session';
import { createStore, useStore } from './store';
import { trpcClient } from './trpc';

export type FeatureState = {
  /** The feature list is known; until then every element gated by a feature stays hidden. */
  loaded: boolean;
  features: FeatureMap;
};

type Claims = { role?: string; features?: Partial<Record<string, unknown>> };

const NOT_LOADED: FeatureState = { loaded: false, features: NO_FEATURES };

/** The claims of a JWT, read without verifying it (the server verifies; this only shapes the UI). */
export function readClaims(token: string | null | undefined): Claims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims && typeof claims === 'object' ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/** Only the six known keys, each on only when exactly true. */
export function toFeatureMap(source: Partial<Record<string, unknown>> | null | undefined): FeatureMap {
  return Object.fromEntries(FEATURE_KEYS.map((k) => [k, source?.[k] === true])) as FeatureMap;
}

/** What the claims decide: a super_admin's fixed set, the token's features, or nothing (ask the API). */
export function featuresFromClaims(claims: Claims | null, role?: string): FeatureMap | null {
  if ((claims?.role ?? role) === 'super_admin') return SUPER_ADMIN_FEATURES;
  if (claims?.features && typeof claims.features === 'object') return toFeatureMap(claims.features);
  return null;
}

export const hasFeature = (s: FeatureState, key: FeatureKey) => s.loaded && s.features[key];
export const hasAnyFeature = (s: FeatureState, keys: readonly FeatureKey[]) => s.loaded && keys.some((k) => s.features[k]);
export const hasAllFeatures = (s: FeatureState, keys: readonly FeatureKey[]) => s.loaded && keys.every((k) => s.features[k]);
/** The "not" rule: shown only once the list is loaded and the feature is off. */
export const lacksFeature = (s: FeatureState, key: FeatureKey) => s.loaded && !s.features[key];
/** A company in the system company, or with the super_admin feature, counts as the system company. */
export const isSystemCompany = (s: FeatureState, role?: string) => role === 'super_admin' || hasFeature(s, 'super_admin');

export const featuresStore = createStore<FeatureState>(NOT_LOADED);

let forToken: string | null | undefined;

/** Follows the access token: each new token (sign in, fresh claims, sign out) decides again. */
function follow(): void {
  const { token, user } = sessionStore.get();
  if (token === forToken) return;
  forToken = token;
  if (!token) {
    featuresStore.set(NOT_LOADED);
    return;
  }
  const fromClaims = featuresFromClaims(readClaims(token), user?.role);
  if (fromClaims) {
    featuresStore.set({ loaded: true, features: fromClaims });
    return;
  }
  featuresStore.set(NOT_LOADED);
  trpcClient.billing.subscription.availableFeatures
    .query()
    .then(({ features }) => toFeatureMap(features))
    .catch((error: unknown) => {
      console.error('Falha ao carregar os recursos do plano', error);
      return NO_FEATURES;
    })
    .then((features) => {
      if (forToken === token) featuresStore.set({ loaded: true, features });
    });
}

sessionStore.subscribe(follow);
follow();

export const useFeatures = () => useStore(featuresStore, (s) => s);
