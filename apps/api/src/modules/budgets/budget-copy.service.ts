// POST /api/budgets/duplicate: a budget copied with its whole tree in one transaction.
import type { Db } from '@app/db';
import { BUDGET_MESSAGES, type BudgetTree } from '@app/shared';
import { notFound } from '../../errors';
import { refreshBudgetTotals } from './budget-totals.service';
import { getBudget } from './budgets.service';
import { lockBudget } from './budgets.where';

/**
 * Copies the caller's budget: its fields (status draft, a new landing-page id from the database's
 * default, the title marked ' (cópia)'), paxes, proposals, their services (active again, without
 * the refunds of the original) and recommendations; the totals are computed for the copy. One
 * transaction: a failure leaves nothing of the copy. The proposals' new ids are drawn first so the
 * services follow their proposal in one statement.
 */
export async function duplicateBudget(db: Db, companyId: number, sourceId: number): Promise<BudgetTree> {
  const id = await db.$transaction(async (tx) => {
    if (!(await lockBudget(tx, companyId, sourceId))) throw notFound();
    const [copy] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO budgets (company_id, attendance_id, client_id, owner_user_id, title, destination, start_date, end_date,
        currency, currency_rate, currency_quote_history_id, observations, show_values, status, updated_at)
      SELECT company_id, attendance_id, client_id, owner_user_id, title || ${BUDGET_MESSAGES.copySuffix}, destination, start_date, end_date,
        currency, currency_rate, currency_quote_history_id, observations, show_values, 'draft', now()
      FROM budgets WHERE id = ${sourceId} AND company_id = ${companyId}
      RETURNING id`;
    if (!copy) throw notFound();
    await tx.$executeRaw`
      INSERT INTO budget_paxes (budget_id, client_id, name, age_group, birth_date, document_type, document_number, cpf, position)
      SELECT ${copy.id}, client_id, name, age_group, birth_date, document_type, document_number, cpf, position
      FROM budget_paxes WHERE budget_id = ${sourceId} ORDER BY position, id`;
    const proposals = await tx.$queryRaw<{ old_id: number; new_id: number }[]>`
      SELECT id AS old_id, nextval(pg_get_serial_sequence('proposals', 'id'))::int AS new_id
      FROM proposals WHERE budget_id = ${sourceId} AND company_id = ${companyId} ORDER BY position, id`;
    if (proposals.length) {
      const oldIds = proposals.map((p) => p.old_id);
      const newIds = proposals.map((p) => p.new_id);
      await tx.$executeRaw`
        INSERT INTO proposals (id, company_id, budget_id, title, notes, position, updated_at)
        SELECT m.new_id, p.company_id, ${copy.id}, p.title, p.notes, p.position, now()
        FROM unnest(${oldIds}::int[], ${newIds}::int[]) AS m(old_id, new_id) JOIN proposals p ON p.id = m.old_id`;
      await tx.$executeRaw`
        INSERT INTO services (company_id, budget_id, proposal_id, type, title, description, supplier_id, start_date, start_time,
          end_date, end_time, adult_number, child_number, infant_number, currency, adult_cents, child_cents, infant_cents,
          total_cents, taxes_cents, fee_cents, commission_basis_points, quote_rate, quote_history_id, details, status, position, updated_at)
        SELECT s.company_id, ${copy.id}, m.new_id, s.type, s.title, s.description, s.supplier_id, s.start_date, s.start_time,
          s.end_date, s.end_time, s.adult_number, s.child_number, s.infant_number, s.currency, s.adult_cents, s.child_cents, s.infant_cents,
          s.total_cents, s.taxes_cents, s.fee_cents, s.commission_basis_points, s.quote_rate, s.quote_history_id, s.details, 'active', s.position, now()
        FROM unnest(${oldIds}::int[], ${newIds}::int[]) AS m(old_id, new_id) JOIN services s ON s.proposal_id = m.old_id
        WHERE s.budget_id = ${sourceId}
        ORDER BY m.new_id, s.position, s.id`;
    }
    await tx.$executeRaw`
      INSERT INTO recommendations (company_id, budget_id, category, title, description, url, position, updated_at)
      SELECT company_id, ${copy.id}, category, title, description, url, position, now()
      FROM recommendations WHERE budget_id = ${sourceId} ORDER BY position, id`;
    await refreshBudgetTotals(tx, copy.id);
    return copy.id;
  });
  return getBudget(db, companyId, id);
}
