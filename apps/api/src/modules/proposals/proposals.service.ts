import type { Db, Prisma } from '@app/db';
import {
  BUDGET_LIMITS,
  BUDGET_MESSAGES,
  CLIENT_FIELD_MESSAGES,
  type CreateProposalInput,
  LAST_PROPOSAL_MESSAGE,
  type UpdateProposalInput,
  type VersionedIdInput,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';
import { checkVersion, claimVersion } from '../../versions';
import { assertRoom, limitExceeded } from '../budgets/budget-limits';
import { refreshBudgetTotals } from '../budgets/budget-totals.service';
import { lockBudget } from '../budgets/budgets.where';
import { placeAt } from '../budgets/positions';
import { assertNotSold } from '../budgets/sold-frozen';
import { proposalSelect, toProposalDto } from './proposals.dto';
import { proposalWhere } from './proposals.where';

type Tx = Prisma.TransactionClient;

async function answer(tx: Tx, id: number) {
  return toProposalDto(await tx.proposal.findUniqueOrThrow({ where: { id }, select: proposalSelect }));
}

/**
 * The caller's proposal with its budget locked (writes to one budget run one after the other); 404
 * otherwise, 409 while the budget is sold.
 */
async function lockedProposal(tx: Tx, companyId: number, id: number, edit?: { userId: number | null; expected?: number }) {
  const found = await tx.proposal.findFirst({ where: proposalWhere(companyId, id), select: { budgetId: true } });
  const budget = found ? await lockBudget(tx, companyId, found.budgetId) : null;
  if (!budget) throw notFound();
  // An edit claims the proposal's version first (a copy only checks it: the original stays as it was):
  // a stale one is refused as such, whatever else would refuse it.
  if (edit?.userId === null) await checkVersion(tx, { table: 'proposals', companyId, id, expected: edit.expected });
  else if (edit) await claimVersion(tx, { table: 'proposals', companyId, id, userId: edit.userId, expected: edit.expected });
  assertNotSold(budget);
  return tx.proposal.findUniqueOrThrow({ where: { id }, select: proposalSelect });
}

export async function getProposal(db: Db, companyId: number, id: number) {
  const proposal = await db.proposal.findFirst({ where: proposalWhere(companyId, id), select: proposalSelect });
  if (!proposal) throw notFound();
  return toProposalDto(proposal);
}

/** POST /api/proposals/: an empty proposal of the agency's budget, last or at `position`. */
export async function createProposal(db: Db, companyId: number, input: CreateProposalInput) {
  return db.$transaction(async (tx) => {
    const budget = await lockBudget(tx, companyId, input.budget_id);
    if (!budget) throw fieldError('budget_id', CLIENT_FIELD_MESSAGES.notFound);
    assertNotSold(budget);
    await assertRoom(tx, 'proposals', input.budget_id, 1, 'budget_id');
    const { id } = await tx.proposal.create({
      data: { companyId, budgetId: input.budget_id, title: input.title, notes: input.notes ?? null, position: 1_000_000 },
      select: { id: true },
    });
    await placeAt(tx, { table: 'proposals', budgetId: input.budget_id }, id, input.position);
    // An empty proposal sells for 0: the cheapest of the budget now.
    await refreshBudgetTotals(tx, input.budget_id);
    return answer(tx, id);
  });
}

/** PATCH /api/proposals/{id}: title and notes as sent; `position` moves it, the others shift (one transaction). */
export async function updateProposal(db: Db, companyId: number, actor: { id: number }, input: UpdateProposalInput) {
  return db.$transaction(async (tx) => {
    const current = await lockedProposal(tx, companyId, input.id, { userId: actor.id, expected: input.version });
    await tx.proposal.update({ where: { id: current.id }, data: { title: input.title, notes: input.notes } });
    if (input.position !== undefined) await placeAt(tx, { table: 'proposals', budgetId: current.budgetId }, current.id, input.position);
    return answer(tx, current.id);
  });
}

/** DELETE /api/proposals/{id}: with its services; a budget keeps at least one proposal (409). */
export async function deleteProposal(db: Db, companyId: number, actor: { id: number }, input: VersionedIdInput) {
  const { id } = input;
  return db.$transaction(async (tx) => {
    const current = await lockedProposal(tx, companyId, id, { userId: actor.id, expected: input.version });
    const count = await tx.proposal.count({ where: { budgetId: current.budgetId } });
    if (count <= 1) throw new AppError('CONFLICT', { message: LAST_PROPOSAL_MESSAGE });
    await tx.proposal.delete({ where: { id } });
    await placeAt(tx, { table: 'proposals', budgetId: current.budgetId });
    await refreshBudgetTotals(tx, current.budgetId);
    return { id, deleted: true as const };
  });
}

/**
 * PUT /api/proposals/duplicate/{id}: a copy right after the original, with its services as offered
 * (the canceled ones left out), their prices and quotes; one transaction. Refused whole (400) when
 * the copy would take the budget past its limits.
 */
export async function duplicateProposal(db: Db, companyId: number, input: VersionedIdInput) {
  const { id } = input;
  return db.$transaction(async (tx) => {
    const original = await lockedProposal(tx, companyId, id, { userId: null, expected: input.version });
    const copied = await tx.service.count({ where: { proposalId: original.id, status: 'active' } });
    await assertRoom(tx, 'proposals', original.budgetId, 1, 'id');
    // A proposal stored before the limits may hold more than a new one may.
    if (copied > BUDGET_LIMITS.servicesPerProposal.max) throw limitExceeded('servicesPerProposal', 'id');
    await assertRoom(tx, 'servicesPerBudget', original.budgetId, copied, 'id');
    const { id: copyId } = await tx.proposal.create({
      data: {
        companyId,
        budgetId: original.budgetId,
        title: `${original.title}${BUDGET_MESSAGES.copySuffix}`,
        notes: original.notes,
        position: 1_000_000,
      },
      select: { id: true },
    });
    await tx.$executeRaw`
      INSERT INTO services (company_id, budget_id, proposal_id, type, title, description, supplier_id, start_date, start_time,
        end_date, end_time, adult_number, child_number, infant_number, currency, adult_cents, child_cents, infant_cents,
        total_cents, taxes_cents, taxes_basis, fee_cents, commission_basis_points, quote_rate, quote_history_id, quote_source, details, status, position,
        sale_cents, cost_cents, updated_at)
      SELECT company_id, budget_id, ${copyId}, type, title, description, supplier_id, start_date, start_time,
        end_date, end_time, adult_number, child_number, infant_number, currency, adult_cents, child_cents, infant_cents,
        total_cents, taxes_cents, taxes_basis, fee_cents, commission_basis_points, quote_rate, quote_history_id, quote_source, details, 'active'::"ServiceStatus",
        (row_number() OVER (ORDER BY position, id) - 1)::int, sale_cents, cost_cents, now()
      FROM services
      WHERE proposal_id = ${original.id} AND company_id = ${companyId} AND status = 'active'
      ORDER BY position, id`;
    await placeAt(tx, { table: 'proposals', budgetId: original.budgetId }, copyId, original.position + 1);
    await refreshBudgetTotals(tx, original.budgetId);
    return answer(tx, copyId);
  });
}
