// The budget's sub-routes that read its tree: proposals, paxes, passengers, flights, payment
// methods and the per-passenger amounts. Each reads the tree once (one statement); the numbers
// are the tree's totals (budget-totals proposalTotals) and installments.ts' options.
import type { Db } from '@app/db';
import {
  AGE_GROUPS,
  type BudgetPaymentMethods,
  type BudgetTree,
  CLIENT_FIELD_MESSAGES,
  installmentOptions,
  type PaymentMethodsByPax,
  type Service,
} from '@app/shared';
import type { DocumentCipher } from '../../document-numbers';
import { fieldError } from '../../errors';
import { paymentMethodWhere } from '../payment-methods/payment-methods.where';
import { getBudget } from './budgets.service';

export async function budgetProposals(db: Db, cipher: DocumentCipher, companyId: number, id: number) {
  return { proposals: (await getBudget(db, cipher, companyId, id)).proposals };
}

export async function budgetPaxes(db: Db, cipher: DocumentCipher, companyId: number, id: number) {
  return { paxes: (await getBudget(db, cipher, companyId, id)).paxes };
}

/** The air services of each proposal, with their segments, in the proposal's order. */
export async function flyBudget(db: Db, cipher: DocumentCipher, companyId: number, id: number) {
  const budget = await getBudget(db, cipher, companyId, id);
  return {
    proposals: budget.proposals.map((p) => ({
      proposal_id: p.id,
      title: p.title,
      services: p.services.filter((s: Service) => s.type === 'air'),
    })),
  };
}

const withTotal = (c: { adult: number; child: number; infant: number }) => ({ ...c, total: c.adult + c.child + c.infant });

/** Head counts by age group: the budget's from its paxes, each proposal's those its totals divide by. */
export async function budgetPassengers(db: Db, cipher: DocumentCipher, companyId: number, id: number) {
  const budget = await getBudget(db, cipher, companyId, id);
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of budget.paxes) counts[p.age_group] += 1;
  return {
    budget: withTotal(counts),
    proposals: budget.proposals.map((p) => ({ proposal_id: p.id, title: p.title, ...withTotal(p.totals.passengers) })),
  };
}

/** The agency's active payment methods, by name: the rules installmentOptions reads. */
function activeMethods(db: Db, companyId: number, id?: number) {
  return db.paymentMethod.findMany({
    where: { ...paymentMethodWhere(companyId, id), isActive: true },
    select: { id: true, kind: true, name: true, maxInstallments: true, installmentInterest: true, minInstallmentCents: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
type MethodRow = Awaited<ReturnType<typeof activeMethods>>[number];

const optionsOf = (methods: MethodRow[], amountCents: number, currency: string) =>
  methods.map((m) => ({
    payment_method_id: m.id,
    kind: m.kind,
    name: m.name,
    installments: installmentOptions(
      {
        kind: m.kind,
        max_installments: m.maxInstallments,
        installment_interest: m.installmentInterest,
        min_installment_cents: m.minInstallmentCents,
      },
      amountCents,
      currency,
    ),
  }));

/** GET /api/budgets/{id}/payment_methods: every active method's options over each proposal's sale total. */
export async function budgetPaymentMethods(db: Db, cipher: DocumentCipher, companyId: number, id: number): Promise<BudgetPaymentMethods> {
  const [budget, methods] = await Promise.all([getBudget(db, cipher, companyId, id), activeMethods(db, companyId)]);
  return {
    currency: budget.currency,
    proposals: budget.proposals.map((p) => ({
      proposal_id: p.id,
      title: p.title,
      sale_cents: p.totals.sale_cents,
      payment_methods: optionsOf(methods, p.totals.sale_cents, budget.currency),
    })),
  };
}

function proposalOf(budget: BudgetTree, proposalId: number) {
  const proposal = budget.proposals.find((p) => p.id === proposalId);
  if (!proposal) throw fieldError('proposal_id', CLIENT_FIELD_MESSAGES.notFound);
  return proposal;
}

/**
 * POST /api/budgets/{id}/payment_methods_by_pax: for each age group travelling in the proposal,
 * what each passenger pays (proposalTotals' per_passenger; the first one the leftover cents too,
 * per_passenger_first) and the options over each passenger's part by each active method,
 * or by `payment_method_id` alone (one of the agency's active methods, else 400).
 */
export async function paymentMethodsByPax(
  db: Db,
  cipher: DocumentCipher,
  companyId: number,
  input: { id: number; proposal_id: number; payment_method_id?: number },
): Promise<PaymentMethodsByPax> {
  const [budget, methods] = await Promise.all([
    getBudget(db, cipher, companyId, input.id),
    activeMethods(db, companyId, input.payment_method_id),
  ]);
  const proposal = proposalOf(budget, input.proposal_id);
  if (input.payment_method_id !== undefined && methods.length === 0) throw fieldError('payment_method_id', CLIENT_FIELD_MESSAGES.notFound);
  const { totals } = proposal;
  return {
    proposal_id: proposal.id,
    currency: budget.currency,
    sale_cents: totals.sale_cents,
    passengers: totals.passengers,
    age_groups: AGE_GROUPS.filter((g) => totals.passengers[g] > 0).map((g) => {
      const perPassenger = totals.per_passenger[g] ?? 0;
      return {
        age_group: g,
        passengers: totals.passengers[g],
        sale_cents: totals.sale_by_age_group[g],
        per_passenger_cents: perPassenger,
        first_passenger_cents: totals.per_passenger_first[g] ?? perPassenger,
        payment_methods: optionsOf(methods, perPassenger, budget.currency),
      };
    }),
  };
}
