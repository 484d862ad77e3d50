import type { Db } from '@app/db';
import type { z } from '@app/shared';
import type { PresenceState } from '@app/shared/events';
import { notFound } from '../../errors';
import { budgetWhere } from '../budgets/budgets.where';
import { PRESENCE_CHANNEL, type presenceNotification } from './live-hub';

/**
 * Tells the agency's open screens that `user` has the budget open (or left it), through the
 * database so every API process of the fleet hears it (live-hub.ts). Nothing is stored: an
 * editor says so again every PRESENCE_TIMING.beatMs, and the screens forget a silent one.
 */
export async function announcePresence(
  db: Db,
  companyId: number,
  user: { id: number; name: string },
  budgetId: number,
  state: PresenceState,
): Promise<{ budget_id: number; state: PresenceState }> {
  const budget = await db.budget.findFirst({ where: budgetWhere(companyId, budgetId), select: { id: true } });
  if (!budget) throw notFound();
  const message: z.input<typeof presenceNotification> = { c: companyId, b: budget.id, u: user.id, n: user.name, s: state };
  await db.$executeRaw`SELECT pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(message)})`;
  return { budget_id: budget.id, state };
}
