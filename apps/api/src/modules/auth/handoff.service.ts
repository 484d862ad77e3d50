// A session moving between the app's hosts (the main host and an agency's subdomain). The token
// lives in the origin's local storage, which the other host cannot read, and a token in an address
// would stay in histories and logs. So the origin host asks for a handoff code: signed with a key
// of its own (derived from JWT_SECRET: neither an access token nor a signed link), bound to the
// user, their token version and the target origin, good for 60 s, and spent on first use
// (platform.handoffCodes, in Redis across API processes). The browser carries it in the fragment
// of `{target}/entrar#{code}`, which no request sends, and the target's page trades it for a
// session of its own.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HANDOFF_PATH, homeOrigin } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { appHosts } from '../../hosts';
import type { Entitlements } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import { sessionFor } from './auth.service';

export const HANDOFF_TTL_MS = 60_000;

/** user, token version, target origin, path, nonce, expiry (ms). */
type Handoff = { u: number; v: number; o: string; p: string; n: string; e: number };

const invalidCode = () => new AppError('UNAUTHORIZED', { message: 'Link de acesso inválido ou expirado. Entre novamente.' });

function mac(secret: string, body: string): string {
  const key = createHmac('sha256', secret).update('host-handoff').digest();
  return createHmac('sha256', key).update(body).digest('base64url');
}

function sign(secret: string, handoff: Handoff): string {
  const body = Buffer.from(JSON.stringify(handoff)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

function isHandoff(v: unknown): v is Handoff {
  const h = v as Handoff;
  return (
    typeof h === 'object' &&
    h !== null &&
    Number.isSafeInteger(h.u) &&
    Number.isSafeInteger(h.v) &&
    typeof h.o === 'string' &&
    typeof h.p === 'string' &&
    typeof h.n === 'string' &&
    Number.isSafeInteger(h.e)
  );
}

/** The code's content when this app signed it and it has not expired; null otherwise. */
function verify(secret: string, code: string, now: number): Handoff | null {
  const [body, signature, ...rest] = code.split('.');
  if (!body || !signature || rest.length) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let handoff: unknown;
  try {
    handoff = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return isHandoff(handoff) && handoff.e > now ? handoff : null;
}

/**
 * The address that carries the signed-in user to the host they are served on: their agency's
 * subdomain with custom_subdomain, else the main host (the same rule as the web app's).
 */
export async function createHandoff(s: Deps, user: SessionUser, entitlements: Entitlements, path: string) {
  if (!s.config.BASE_DOMAIN) throw new AppError('CONFLICT', { message: 'Este servidor não usa endereços próprios de agência.' });
  const company = await s.db.company.findUniqueOrThrow({ where: { id: user.companyId }, select: { subdomain: true } });
  const target = homeOrigin(appHosts(s.config), { subdomain: company.subdomain, customSubdomain: entitlements.features.custom_subdomain });
  const code = sign(s.config.jwtSecret, {
    u: user.id,
    v: user.tokenVersion,
    o: target,
    p: path,
    n: randomBytes(16).toString('base64url'),
    e: Date.now() + HANDOFF_TTL_MS,
  });
  return { url: `${target}${HANDOFF_PATH}#${code}` };
}

/**
 * Trades a handoff code for a session on the host it was made for (the page's Origin must be its
 * target), once. A deactivated user, or one whose password changed since, gets none.
 */
export async function redeemHandoff(s: Deps, origin: string | null, code: string) {
  const handoff = verify(s.config.jwtSecret, code, Date.now());
  if (!handoff || origin !== handoff.o) throw invalidCode();
  try {
    await s.platform.handoffCodes.consume(handoff.n);
  } catch {
    throw invalidCode();
  }
  const session = await sessionFor(s, handoff.u, handoff.v);
  if (!session) throw invalidCode();
  return { ...session, path: handoff.p };
}
