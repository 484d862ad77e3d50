// A payment became overdue: the sale's seller gets the bell (and the e-mail, when chosen in the
// profile, by the notifications' own mail sweep), once per installment, whatever the runs.
import type { Db } from '@app/db';
import { businessDate } from '@app/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';

/** Installments told per statement: a long backlog goes in short transactions. */
const BATCH = 500;

/**
 * Tells the sellers of the open installments due before `today` (the agency's calendar day, as the
 * receivables list says overdue) that no run told yet. Each statement marks the installments and
 * writes their notifications at once, skipping rows another run holds: an installment is told once,
 * also with two runs at the same time. An inactive seller is not told (the installment is marked all
 * the same). Returns how many notifications it wrote.
 */
export async function notifyOverdueReceivables(db: Db, today = businessDate()): Promise<number> {
  let told = 0;
  for (;;) {
    const [row] = await db.$queryRaw<{ marked: number; told: number }[]>`
      WITH due AS (
        SELECT r.id FROM receivables r
        WHERE r.status = 'open' AND r.overdue_notified_at IS NULL AND r.due_date < ${today}::date
        ORDER BY r.due_date, r.id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      ), marked AS (
        UPDATE receivables r SET overdue_notified_at = now() FROM due WHERE r.id = due.id
        RETURNING r.id, r.company_id, r.sale_id, r.client_id, r.number
      ), told AS (
        INSERT INTO notifications (company_id, user_id, kind, title, link)
        SELECT m.company_id, s.seller_user_id, 'payment_overdue',
          'Pagamento em atraso: parcela ' || m.number || ' de ' || c.name || ' (orçamento “' || b.title || '”)',
          '/venda-fechada/' || s.budget_id
        FROM marked m
        JOIN sales s ON s.id = m.sale_id AND s.company_id = m.company_id
        JOIN budgets b ON b.id = s.budget_id
        JOIN clients c ON c.id = m.client_id
        JOIN users u ON u.id = s.seller_user_id AND u.status = 'active'
        ORDER BY m.id
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM marked)::int AS marked, (SELECT count(*) FROM told)::int AS told`;
    told += row?.told ?? 0;
    if ((row?.marked ?? 0) < BATCH) return told;
  }
}

export const overdueReceivablesJob: JobDefinition<Record<string, never>> = {
  name: 'finance.overdue-receivables',
  payload: z.strictObject({}),
  async handle(_payload, { db }) {
    await notifyOverdueReceivables(db);
  },
};

export const financeJobs = [overdueReceivablesJob] as JobDefinition<unknown>[];

/** Every OVERDUE_SWEEP_INTERVAL_MINUTES (0: off): an installment falls overdue when the agency's day turns. */
export function financeSchedules(config: Pick<Config, 'OVERDUE_SWEEP_INTERVAL_MINUTES'>): JobSchedule<unknown>[] {
  return [{ job: overdueReceivablesJob, payload: {}, everyMs: config.OVERDUE_SWEEP_INTERVAL_MINUTES * 60_000 }] as JobSchedule<unknown>[];
}
