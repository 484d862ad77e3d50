import { type Db, Prisma, queryRows } from '@app/db';
import type { PlanStatus, Role } from '@app/shared';
import { type EntitlementRow, type Entitlements, entitlementsOf } from '../billing/entitlements';

export type SessionUser = {
  id: number;
  companyId: number;
  role: Role;
  name: string;
  email: string;
};

type SessionRow = {
  id: number;
  company_id: number;
  role: Role;
  name: string;
  email: string;
  subscription_status: PlanStatus | null;
  current_period_end: Date | null;
  trial_ends_at: Date | null;
  features: unknown;
};

/**
 * The active user behind a token and what the company's plan allows now, in one round trip: every
 * authenticated request runs it, so it is a single raw statement (prepared once per connection)
 * rather than two ORM reads. Null when the user is gone or no longer active.
 */
export async function loadSession(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<(SessionUser & { entitlements: Entitlements }) | null> {
  const [row] = await queryRows<SessionRow>(
    db,
    Prisma.sql`
    SELECT u.id, u.company_id, u.role::text AS role, u.name, u.email,
           s.status::text AS subscription_status, s.current_period_end, s.trial_ends_at, p.features
    FROM users u
    LEFT JOIN subscriptions s ON s.company_id = u.company_id
    LEFT JOIN plans p ON p.id = s.plan_id
    WHERE u.id = ${userId} AND u.status = 'active'`,
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
    entitlements: entitlementsOf(subscription, row.role, now),
  };
}
