import type { Db } from '@app/db';
import { type FeatureKey, restrictionMessage } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Entitlements } from './entitlements';
import { loadSession, type Session } from './session';
import { type AccessClaims, bearerClaims } from './tokens';

/** What a procedure or route needs beyond a signed-in user. */
export type AccessRule = {
  /** Refused (402) unless the company's current plan includes it. */
  feature?: FeatureKey;
  /** Still reachable while the plan is restricted (billing, profile, password): how a user regularizes it. */
  allowRestricted?: boolean;
};

/**
 * The session behind a request's verified claims: the user as the database has it now (read, or
 * kept by this process until a change to it is notified: platform/kept-reads.ts), so a deactivated user,
 * or a token signed before a password change or reset, is out at once. Then the
 * plan is enforced from the company's current subscription (never from the token's claims, which
 * may predate a plan change). A restricted plan answers 402, not 401/403: those log the user out
 * in the web app, and a restricted user must still reach billing, profile and logout.
 */
export async function authorize(db: Db, claims: AccessClaims | null, rule: AccessRule = {}): Promise<Session> {
  if (!claims) throw new AppError('UNAUTHORIZED');
  const session = await loadSession(db, claims);
  if (!session) throw new AppError('UNAUTHORIZED');
  enforcePlan(session.entitlements, rule);
  return session;
}

export function enforcePlan(entitlements: Entitlements, rule: AccessRule) {
  if (!entitlements.is_valid_for_features && !rule.allowRestricted) {
    throw new AppError('PLAN_RESTRICTED', { message: restrictionMessage(entitlements.status_plan, entitlements.days_remaining) });
  }
  if (rule.feature && !entitlements.features[rule.feature]) {
    throw new AppError('PLAN_RESTRICTED', { message: 'Este recurso não está incluído no plano da sua agência.' });
  }
}

/**
 * The session of a plain route's request (multipart uploads, file downloads), from its bearer
 * token. Such routes pass no rule, so they are refused while the plan is restricted.
 */
export function requestSession(deps: Pick<Deps, 'db' | 'config'>, req: { headers: { authorization?: string } }): Promise<Session> {
  return authorize(deps.db, bearerClaims(req.headers.authorization, deps.config.jwtSecret));
}
