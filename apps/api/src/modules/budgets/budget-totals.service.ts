// The stored totals of a budget (services' sale/cost in the budget's currency, each proposal's sums,
// the budget's total) follow every write that changes them: the writer calls refreshBudgetTotals in
// its own transaction. The arithmetic is packages/shared budget-totals' alone.
import { Prisma, type TaxesBasis } from '@app/db';
import {
  type BudgetServiceType,
  budgetHeadlineCents,
  type RoomPricing,
  servicePricing,
  serviceTotals,
  TOTAL_MAX_CENTS,
  TOTAL_TOO_LARGE_MESSAGE,
} from '@app/shared';
import { fieldError } from '../../errors';

type Tx = Prisma.TransactionClient;

type StoredService = {
  id: number;
  proposal_id: number;
  type: BudgetServiceType;
  currency: string;
  quote_rate: string;
  adult_number: number;
  child_number: number;
  infant_number: number;
  adult_cents: number;
  child_cents: number;
  infant_cents: number;
  total_cents: number;
  taxes_cents: number;
  taxes_basis: TaxesBasis;
  fee_cents: number;
  commission_basis_points: number;
  rooms: RoomPricing[] | null;
  sale_cents: number;
  cost_cents: number;
  refund: { refund_cents: number; penalty_cents: number } | null;
};

type BudgetTotalsRow = {
  currency: string;
  currency_rate: string;
  total_cents: number;
  accepted_proposal_id: number | null;
  sold_sale_cents: number | null;
  proposals: { id: number; sale_cents: number; cost_cents: number }[];
  services: StoredService[];
};

/** Every total a write would store must fit its column: past the bound the write is refused (400). */
function assertStorable(...amounts: number[]): void {
  if (amounts.some((cents) => Math.abs(cents) > TOTAL_MAX_CENTS)) throw fieldError('total_cents', TOTAL_TOO_LARGE_MESSAGE);
}

/**
 * Recomputes and stores the totals of one budget: each service's sale and cost in the budget's
 * currency, each proposal's sums, and the budget's amount (budgetHeadlineCents: the sale, else the
 * accepted proposal, else the cheapest). One read (the budget row locked, so concurrent writes to
 * its services total one after the other) and one write of what changed. Callers that change what
 * the amount follows (sell, undo, accept) call it too.
 */
export async function refreshBudgetTotals(tx: Tx, budgetId: number): Promise<void> {
  const [budget] = await tx.$queryRaw<BudgetTotalsRow[]>`
    SELECT b.currency, b.currency_rate::text AS currency_rate, b.total_cents, b.accepted_proposal_id,
      (SELECT sa.sale_cents FROM sales sa WHERE sa.budget_id = b.id AND sa.undone_at IS NULL
         ORDER BY sa.sold_at DESC LIMIT 1) AS sold_sale_cents,
      (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'sale_cents', p.sale_cents, 'cost_cents', p.cost_cents)), '[]')
         FROM proposals p WHERE p.budget_id = b.id) AS proposals,
      (SELECT COALESCE(json_agg(json_build_object(
           'id', s.id, 'proposal_id', s.proposal_id, 'type', s.type, 'currency', s.currency, 'quote_rate', s.quote_rate::text,
           'adult_number', s.adult_number, 'child_number', s.child_number, 'infant_number', s.infant_number,
           'adult_cents', s.adult_cents, 'child_cents', s.child_cents, 'infant_cents', s.infant_cents,
           'total_cents', s.total_cents, 'taxes_cents', s.taxes_cents, 'taxes_basis', s.taxes_basis, 'fee_cents', s.fee_cents,
           'commission_basis_points', s.commission_basis_points, 'rooms', s.details -> 'rooms',
           'sale_cents', s.sale_cents, 'cost_cents', s.cost_cents,
           'refund', CASE WHEN r.id IS NULL THEN NULL
                     ELSE json_build_object('refund_cents', r.refund_cents, 'penalty_cents', r.penalty_cents) END)), '[]')
         FROM services s LEFT JOIN refunds r ON r.service_id = s.id WHERE s.budget_id = b.id) AS services
    FROM budgets b WHERE b.id = ${budgetId}
    FOR UPDATE OF b`;
  if (!budget) return;

  const budgetRate = Number(budget.currency_rate);
  const proposalSums = new Map(budget.proposals.map((p) => [p.id, { sale: 0, cost: 0, services: 0 }]));
  const changedServices: Prisma.Sql[] = [];
  for (const s of budget.services) {
    const totals = serviceTotals(
      {
        currency: s.currency,
        adult_number: s.adult_number,
        child_number: s.child_number,
        infant_number: s.infant_number,
        pricing: servicePricing({ ...s, details: { rooms: s.rooms ?? [] } }),
        taxes_cents: s.taxes_cents,
        taxes_basis: s.taxes_basis,
        fee_cents: s.fee_cents,
        commission_basis_points: s.commission_basis_points,
        refund: s.refund,
      },
      budget.currency,
      // The budget's own rate wins for its currency: a service in it converts 1:1.
      { [s.currency]: Number(s.quote_rate), [budget.currency]: budgetRate },
    );
    assertStorable(totals.sale_cents, totals.cost_cents);
    const sum = proposalSums.get(s.proposal_id);
    if (sum) {
      sum.sale += totals.sale_cents;
      sum.cost += totals.cost_cents;
      sum.services += 1;
    }
    if (totals.sale_cents !== s.sale_cents || totals.cost_cents !== s.cost_cents) {
      changedServices.push(Prisma.sql`(${s.id}::int, ${totals.sale_cents}::int, ${totals.cost_cents}::int)`);
    }
  }

  const changedProposals = budget.proposals.flatMap((p) => {
    const sum = proposalSums.get(p.id) ?? { sale: 0, cost: 0 };
    assertStorable(sum.sale, sum.cost);
    return sum.sale !== p.sale_cents || sum.cost !== p.cost_cents ? [Prisma.sql`(${p.id}::int, ${sum.sale}::int, ${sum.cost}::int)`] : [];
  });
  const total = budgetHeadlineCents({
    sold_sale_cents: budget.sold_sale_cents,
    accepted_proposal_id: budget.accepted_proposal_id,
    proposals: budget.proposals.map((p) => {
      const sum = proposalSums.get(p.id);
      return { id: p.id, sale_cents: sum?.sale ?? 0, services: sum?.services ?? 0 };
    }),
  });
  if (!changedServices.length && !changedProposals.length && total === budget.total_cents) return;

  const servicesUpdate = changedServices.length
    ? Prisma.sql`, s AS (UPDATE services SET sale_cents = v.sale, cost_cents = v.cost
        FROM (VALUES ${Prisma.join(changedServices)}) AS v(id, sale, cost) WHERE services.id = v.id AND services.budget_id = ${budgetId})`
    : Prisma.empty;
  const proposalsUpdate = changedProposals.length
    ? Prisma.sql`, p AS (UPDATE proposals SET sale_cents = v.sale, cost_cents = v.cost
        FROM (VALUES ${Prisma.join(changedProposals)}) AS v(id, sale, cost) WHERE proposals.id = v.id AND proposals.budget_id = ${budgetId})`
    : Prisma.empty;
  await tx.$executeRaw`
    WITH t AS (SELECT 1)${servicesUpdate}${proposalsUpdate}
    UPDATE budgets SET total_cents = ${total} WHERE id = ${budgetId}`;
}
