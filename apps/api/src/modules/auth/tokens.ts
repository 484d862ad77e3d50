import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { FeatureMap, Role } from '@app/shared';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = {
  userId: number;
  company_id: number;
  company_name: string;
  role: Role;
  features: FeatureMap;
};

const ALGORITHM = 'HS256';
// A KeyObject per secret, made once: jose would otherwise import raw bytes on every request.
const keys = new Map<string, KeyObject>();
function key(secret: string): KeyObject {
  let k = keys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, k);
  }
  return k;
}

export async function signAccessToken(claims: AccessClaims, secret: string, ttlHours: number): Promise<string> {
  const { userId, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ttlHours}h`)
    .sign(key(secret));
}

/** The algorithm is pinned: `none` and other keys fail verification. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return { ...(payload as unknown as Omit<AccessClaims, 'userId'>), userId };
  } catch {
    return null;
  }
}

/** One-time e-mail tokens: the plain token goes in the link, only its hash is stored. */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
