// Which plan features the signed-in account has, for showing or hiding elements. Read from the
// token's claims when they carry them, else from GET /api/available_features; all off on
// failure. Only a hint for the screen: the server checks every call against the plan.
import { FEATURE_KEYS, type FeatureKey, type FeatureMap, NO_FEATURES, SUPER_ADMIN_FEATURES } from '@app/shared/constants';

export type FeatureState = {
  /** The feature list is known; until then every element gated by a feature stays hidden. */
  loaded: boolean;
  features: FeatureMap;
};

type Claims = { role?: string; features?: Partial<Record<string, unknown>> };

export const FEATURES_NOT_LOADED: FeatureState = { loaded: false, features: NO_FEATURES };

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

/** Only the known keys (FEATURE_KEYS), each on only when exactly true. */
export function toFeatureMap(source: Partial<Record<string, unknown>> | null | undefined): FeatureMap {
  return Object.fromEntries(FEATURE_KEYS.map((k) => [k, source?.[k] === true])) as FeatureMap;
}

/** What the claims decide: a super_admin's fixed set, the token's features, or nothing (ask the API). */
export function featuresFromClaims(claims: Claims | null, role?: string): FeatureMap | null {
  if ((claims?.role ?? role) === 'super_admin') return SUPER_ADMIN_FEATURES;
  if (claims?.features && typeof claims.features === 'object') return toFeatureMap(claims.features);
  return null;
}

/** Whether the token leaves the feature list to GET /api/available_features. */
export const needsFeatureList = (token: string | null, role?: string) => !!token && !featuresFromClaims(readClaims(token), role);

/**
 * The features of a session: the token's claims decide; else the API's list (`asked`), all off
 * when that call failed; not loaded while it is under way or without a session.
 */
export function featureState(
  token: string | null,
  role: string | undefined,
  asked: { data?: { features: Partial<Record<string, unknown>> }; isError: boolean },
): FeatureState {
  if (!token) return FEATURES_NOT_LOADED;
  const fromClaims = featuresFromClaims(readClaims(token), role);
  if (fromClaims) return { loaded: true, features: fromClaims };
  if (asked.data) return { loaded: true, features: toFeatureMap(asked.data.features) };
  return asked.isError ? { loaded: true, features: NO_FEATURES } : FEATURES_NOT_LOADED;
}

export const hasFeature = (s: FeatureState, key: FeatureKey) => s.loaded && s.features[key];
export const hasAnyFeature = (s: FeatureState, keys: readonly FeatureKey[]) => s.loaded && keys.some((k) => s.features[k]);
export const hasAllFeatures = (s: FeatureState, keys: readonly FeatureKey[]) => s.loaded && keys.every((k) => s.features[k]);
/** The "not" rule: shown only once the list is loaded and the feature is off. */
export const lacksFeature = (s: FeatureState, key: FeatureKey) => s.loaded && !s.features[key];
/** A company in the system company, or with the super_admin feature, counts as the system company. */
export const isSystemCompany = (s: FeatureState, role?: string) => role === 'super_admin' || hasFeature(s, 'super_admin');
