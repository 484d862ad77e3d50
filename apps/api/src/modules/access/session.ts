import { type CompiledQuery, compiledStatement, type Db, enumText, qb, queryRows, sql } from '@app/db';
import type { Role } from '@app/shared';
import { type EntitlementRow, type Entitlements, entitlementsOf } from './entitlements';
import { sessionCacheOf } from './session-cache';

/** The signed-in user as every authenticated request sees it; companyId is theirs, never one sent by the client. */
export type SessionUser = {
  id: number;
  companyId: number;
  role: Role;
  name: string;
  email: string;
  tokenVersion: number;
};

export type Session = SessionUser & { entitlements: Entitlements };

/**
 * The active user behind a token and what the company's plan allows now, in one round trip: every
 * authenticated request needs it (read here, or kept by session-cache.ts), so it is a single
 * statement (compiled once, prepared once per connection) rather than two ORM reads. No row when the user is gone, no longer active, or changed
 * (or reset) the password after the token was signed: the token's version is no longer the user's.
 */
const sessionStatement = compiledStatement((_shape: null, v: { userId: number; tokenVersion: number }) =>
  qb
    .selectFrom('users as u')
    .leftJoin('subscriptions as s', 's.company_id', 'u.company_id')
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .select((eb) => [
      'u.id',
      'u.company_id',
      enumText(eb.ref('u.role')).as('role'),
      'u.name',
      'u.email',
      'u.token_version',
      enumText(eb.ref('s.status')).as('subscription_status'),
      's.current_period_end',
      's.trial_ends_at',
      'p.features',
    ])
    .where('u.id', '=', v.userId)
    .where('u.status', '=', sql.lit('active'))
    .where('u.token_version', '=', v.tokenVersion),
);

type SessionRow = ReturnType<typeof sessionStatement> extends CompiledQuery<infer R> ? R : never;

export async function loadSession(db: Db, token: { userId: number; token_version: number }, now = new Date()): Promise<Session | null> {
  const cache = sessionCacheOf<SessionRow>(db);
  let row = cache?.get(token.userId, token.token_version);
  if (!row) {
    const mark = cache?.mark();
    [row] = await queryRows(db, sessionStatement(null, { userId: token.userId, tokenVersion: token.token_version }));
    if (!row) return null;
    if (mark !== undefined) cache?.put(mark, { userId: row.id, companyId: row.company_id, tokenVersion: row.token_version }, row);
  }
  const subscription: EntitlementRow | null = row.subscription_status
    ? {
        status: row.subscription_status,
        currentPeriodEnd: row.current_period_end,
        trialEndsAt: row.trial_ends_at,
        plan: { features: row.features as EntitlementRow['plan']['features'] },
      }
    : null;
  return {
    id: row.id,
    companyId: row.company_id,
    role: row.role,
    name: row.name,
    email: row.email,
    tokenVersion: row.token_version,
    entitlements: entitlementsOf(subscription, row.role, now),
  };
}
