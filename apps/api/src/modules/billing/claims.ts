import type { FeatureMap } from '@app/shared';
import { FEATURE_KEYS } from '@app/shared';
import type { Config } from '../../config';
import { type AccessClaims, signAccessToken, verifyAccessToken } from '../auth/tokens';

function sameClaims(a: AccessClaims, b: AccessClaims): boolean {
  const features = (f: FeatureMap | undefined) => FEATURE_KEYS.map((k) => f?.[k] === true).join();
  return (
    a.userId === b.userId &&
    a.company_id === b.company_id &&
    a.company_name === b.company_name &&
    a.role === b.role &&
    features(a.features) === features(b.features)
  );
}

/**
 * The token the web app should hold from now on: null while the presented token's claims still
 * match `current`; a newly signed one once the plan (features), role or company name changed.
 */
export async function freshToken(config: Config, authorization: string | undefined, current: AccessClaims): Promise<string | null> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  const presented = token ? verifyAccessToken(token, config.jwtSecret) : null;
  if (presented && sameClaims(presented, current)) return null;
  return signAccessToken(current, config.jwtSecret, config.JWT_TTL_HOURS);
}
