import { NO_FEATURES, SUPER_ADMIN_FEATURES } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  FEATURES_NOT_LOADED,
  type FeatureState,
  featureState,
  featuresFromClaims,
  hasAllFeatures,
  hasAnyFeature,
  hasFeature,
  isSystemCompany,
  lacksFeature,
  needsFeatureList,
  readClaims,
  toFeatureMap,
} from './features';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.assinatura`;

const loaded = (on: string[]): FeatureState => ({ loaded: true, features: toFeatureMap(Object.fromEntries(on.map((k) => [k, true]))) });

describe('feature visibility', () => {
  it('reads the claims of a token, accents included; junk reads as none', () => {
    expect(readClaims(jwt({ company_name: 'Agência Demo', role: 'owner' }))).toMatchObject({ company_name: 'Agência Demo', role: 'owner' });
    expect(readClaims('nao-e-um-token')).toBeNull();
    expect(readClaims('a.%%%.c')).toBeNull();
    expect(readClaims(null)).toBeNull();
  });

  it('features from the token; a super_admin gets the fixed set; no features claim asks the API', () => {
    expect(featuresFromClaims({ role: 'owner', features: { d4sign: true, pipedrive_deals: 'yes', extra: true } })).toEqual({
      ...NO_FEATURES,
      d4sign: true,
    });
    expect(featuresFromClaims({ role: 'super_admin', features: { d4sign: true } })).toEqual(SUPER_ADMIN_FEATURES);
    expect(featuresFromClaims(null, 'super_admin')).toEqual(SUPER_ADMIN_FEATURES);
    expect(featuresFromClaims({ role: 'owner' })).toBeNull();
  });

  it('has / any of / all of / not: hidden until the list is loaded', () => {
    const state = loaded(['d4sign', 'cambio_sistema']);
    expect(hasFeature(state, 'd4sign')).toBe(true);
    expect(hasFeature(state, 'pipedrive_deals')).toBe(false);
    expect(hasAnyFeature(state, ['pipedrive_deals', 'cambio_sistema'])).toBe(true);
    expect(hasAllFeatures(state, ['d4sign', 'cambio_sistema'])).toBe(true);
    expect(hasAllFeatures(state, ['d4sign', 'pipedrive_deals'])).toBe(false);
    expect(lacksFeature(state, 'pipedrive_deals')).toBe(true);

    const notLoaded: FeatureState = { loaded: false, features: { ...NO_FEATURES, d4sign: true } };
    expect(hasFeature(notLoaded, 'd4sign')).toBe(false);
    expect(hasAnyFeature(notLoaded, ['d4sign'])).toBe(false);
    expect(lacksFeature(notLoaded, 'pipedrive_deals')).toBe(false);
  });

  it('the super_admin feature or role counts as the system company', () => {
    expect(isSystemCompany(loaded(['super_admin']))).toBe(true);
    expect(isSystemCompany(loaded([]), 'super_admin')).toBe(true);
    expect(isSystemCompany(loaded(['d4sign']), 'owner')).toBe(false);
  });

  it("a session's features: the claims decide; else the API's list; all off when it failed; unknown meanwhile", () => {
    const withFeatures = jwt({ role: 'owner', features: { d4sign: true } });
    const withoutFeatures = jwt({ role: 'owner' });
    const superAdmin = jwt({ role: 'super_admin' });
    const noClaims = jwt({ company_id: 1 });
    const pending = { isError: false };
    const asked = { data: { features: { cambio_sistema: true, unknown: true } }, isError: false };

    // The claims win over whatever the API said; a super_admin gets the fixed set.
    expect(featureState(withFeatures, 'owner', asked)).toEqual({ loaded: true, features: { ...NO_FEATURES, d4sign: true } });
    expect(featureState(superAdmin, undefined, pending)).toEqual({ loaded: true, features: SUPER_ADMIN_FEATURES });
    // Without a role claim, the profile's role decides.
    expect(featureState(noClaims, 'super_admin', pending)).toEqual({ loaded: true, features: SUPER_ADMIN_FEATURES });
    // No features claim: the API's list, only the known keys.
    expect(featureState(withoutFeatures, 'owner', asked)).toEqual({ loaded: true, features: { ...NO_FEATURES, cambio_sistema: true } });
    expect(featureState(withoutFeatures, 'owner', pending)).toEqual(FEATURES_NOT_LOADED);
    expect(featureState(withoutFeatures, 'owner', { isError: true })).toEqual({ loaded: true, features: NO_FEATURES });
    // Signed out: nothing is known, whatever a late reply says.
    expect(featureState(null, 'owner', asked)).toEqual(FEATURES_NOT_LOADED);

    // The API is asked only when a session's token leaves it the question.
    expect(needsFeatureList(withoutFeatures, 'owner')).toBe(true);
    expect(needsFeatureList(withFeatures, 'owner')).toBe(false);
    expect(needsFeatureList(noClaims, 'super_admin')).toBe(false);
    expect(needsFeatureList(noClaims, 'owner')).toBe(true);
    expect(needsFeatureList(null)).toBe(false);
  });
});
