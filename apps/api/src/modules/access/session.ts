import type { CostsVisibility } from '@app/db';
import { compiledStatement, type Db, enumText, qb, queryRows, type RowOf, sql } from '@app/db';
import type { Role } from '@app/shared';
import { keptReadsOf, readThrough } from '../../platform/kept-reads';
import { type EntitlementRow, type Entitlements, entitlementsOf } from './entitlements';

/** The signed-in user as every authenticated request sees it; companyId is theirs, never one sent by the client. */
export type SessionUser = {
  id: number;
  companyId: number;
  role: Role;
  name: string;
  email: string;
  tokenVersion: number;
  /** The agency's "quem vê custos e margens" (canSeeCosts decides for this user). */
  costsVisibility: CostsVisibility;
};

export type Session = SessionUser & { entitlements: Entitlements };

/**
 * The active user behind a token and what the company's plan allows now, in one round trip: every
 * authenticated request needs it (read here, or kept by platform/kept-reads.ts), so it is a single
 * statement (compiled once, prepared once per connection) rather than two ORM reads. No row when
 * the user is gone, no longer active, or changed (or reset) the password after the token was
 * signed: the token's version is no longer the user's.
 */
const sessionStatement = compiledStatement((_shape: null, v: { userId: number; tokenVersion: number }) =>
  qb
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('subscriptions as s', 's.company_id', 'u.company_id')
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .select((eb) => [
      'u.id',
      'u.company_id',
      enumText(eb.ref('u.role')).as('role'),
      'u.name',
      'u.email',
      'u.token_version',
      enumText(eb.ref('c.costs_visibility')).as('costs_visibility'),
      enumText(eb.ref('s.status')).as('subscription_status'),
      's.current_period_end',
      's.trial_ends_at',
      'p.features',
    ])
    .where('u.id', '=', v.userId)
    .where('u.status', '=', sql.lit('active'))
    .where('u.token_version', '=', v.tokenVersion),
);

type SessionRow = RowOf<ReturnType<typeof sessionStatement>>;

/** Triggers on users, companies (costs_visibility), subscriptions and plans notify here (migration session_changes): `u:<user>`, `c:<company>` or `*`. */
export const SESSION_CHANNEL = 'session_changes';

export async function loadSession(db: Db, token: { userId: number; token_version: number }, now = new Date()): Promise<Session | null> {
  // By user id: a token of another version reads the database (and gets no row if it is older).
  const row = await readThrough(
    keptReadsOf<number, SessionRow>(db, SESSION_CHANNEL, 50_000),
    token.userId,
    async () => (await queryRows(db, sessionStatement(null, { userId: token.userId, tokenVersion: token.token_version })))[0],
    { usable: (kept) => kept.token_version === token.token_version, tags: (read) => [`u:${read.id}`, `c:${read.company_id}`] },
  );
  if (!row) return null;
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
    costsVisibility: row.costs_visibility as CostsVisibility,
    entitlements: entitlementsOf(subscription, row.role, now),
  };
}
