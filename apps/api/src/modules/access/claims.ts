import { FEATURE_KEYS, type FeatureMap } from '@app/shared';
import type { Config } from '../../config';
import { type AccessClaims, signAccessToken } from './tokens';

function sameClaims(a: AccessClaims, b: AccessClaims): boolean {
  const features = (f: FeatureMap | undefined) => FEATURE_KEYS.map((k) => f?.[k] === true).join();
  return (
    a.userId === b.userId &&
    a.company_id === b.company_id &&
    a.company_name === b.company_name &&
    a.role === b.role &&
    a.token_version === b.token_version &&
    features(a.features) === features(b.features)
  );
}

/**
 * The token the web app should hold from now on: null while the presented token's (verified)
 * claims still match `current`; a newly signed one once the plan (features), role or company name
 * changed.
 */
export function freshToken(config: Config, presented: AccessClaims, current: AccessClaims): string | null {
  if (sameClaims(presented, current)) return null;
  return signAccessToken(current, config.jwtSecret, config.JWT_TTL_HOURS);
}
