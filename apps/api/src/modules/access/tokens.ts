// Access tokens (signed JWTs) and the one-time tokens sent by e-mail.
import { createHash, randomBytes } from 'node:crypto';
import type { FeatureMap, Role } from '@app/shared';
import { createSigner, createVerifier } from 'fast-jwt';

export type AccessClaims = {
  userId: number;
  company_id: number;
  company_name: string;
  role: Role;
  features: FeatureMap;
  /** The user's token version when signed; a password change or reset bumps it, ending older tokens. */
  token_version: number;
};

const ALGORITHM = 'HS256';

// One verifier per secret. Every request verifies its token; fast-jwt does it synchronously with
// node:crypto and keeps verified tokens in a bounded cache until they expire (jose went through
// WebCrypto's thread pool: ~90 µs of CPU per request under load).
const verifiers = new Map<string, (token: string) => Record<string, unknown>>();
function verifier(secret: string) {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = createVerifier({ key: secret, algorithms: [ALGORITHM], cache: 10_000 });
    verifiers.set(secret, verify);
  }
  return verify;
}

export function signAccessToken(claims: AccessClaims, secret: string, ttlHours: number): string {
  const { userId, ...rest } = claims;
  const sign = createSigner({ key: secret, algorithm: ALGORITHM, sub: String(userId), expiresIn: ttlHours * 3_600_000 });
  return sign({ ...rest });
}

/** The algorithm is pinned: `none` and other keys fail verification. */
function verifyAccessToken(token: string, secret: string): AccessClaims | null {
  try {
    const payload = verifier(secret)(token);
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return null;
    // Tokens signed before versions existed count as version 0, the column's default.
    const version = payload.token_version ?? 0;
    if (!Number.isSafeInteger(version) || (version as number) < 0) return null;
    return { ...(payload as unknown as Omit<AccessClaims, 'userId'>), userId, token_version: version as number };
  } catch {
    return null;
  }
}

/** The verified claims of an `Authorization: Bearer <token>` header; null for anything else. */
export function bearerClaims(authorization: string | undefined, secret: string): AccessClaims | null {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  return token ? verifyAccessToken(token, secret) : null;
}

/** One-time e-mail tokens: the plain token goes in the link, only its hash is stored. */
export function newOneTimeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
