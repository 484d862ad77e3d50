// Budgets ready to be sold, for the tests of the sale, its reservations and what follows them, made
// through the real routes (budget-fixtures' newBudget, then two services and the budget sent).
import { expect } from 'vitest';
import { newBudget } from './budget-fixtures';
import type { TestApp } from './harness';

export type SellableBudget = {
  id: number;
  proposalId: number;
  attendanceId: number;
  landingId: string;
  title: string;
  /** A tour in BRL and a ticket in USD (priced at the agency's USD quote). */
  services: { tour: number; usd: number };
};

type Res = { statusCode: number; body: string; json(): unknown };
export async function ok<T = Record<string, unknown>>(res: Res): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/**
 * The tour sells for R$ 500,00 (fare 450,00 for an adult and a child, fee 50,00) and costs R$ 405,00
 * (10 % commission); the ticket sells and costs US$ 120,00 (fare 100,00, taxes 20,00).
 */
export const TOUR = { sale_cents: 50_000, cost_cents: 40_500 };
export const TICKET_USD = { sale_cents: 12_000, cost_cents: 12_000 };

export function tourBody(proposalId: number, supplierId: number | null) {
  return {
    proposal_id: proposalId,
    type: 'tour',
    title: 'Passeio de escuna em Angra',
    description: 'Saída do cais de Santa Luzia, com almoço.',
    supplier_id: supplierId,
    start_date: '2027-07-02',
    start_time: '09:00',
    currency: 'BRL',
    adult_number: 1,
    child_number: 1,
    infant_number: 0,
    adult_cents: 30_000,
    child_cents: 15_000,
    fee_cents: 5_000,
    commission_basis_points: 1000,
    details: { place: 'Angra dos Reis', meeting_point: 'Cais de Santa Luzia', includes: 'Almoço' },
  };
}

export function ticketBody(proposalId: number, supplierId: number | null) {
  return {
    proposal_id: proposalId,
    type: 'other',
    title: 'Ingresso do parque (US$)',
    supplier_id: supplierId,
    start_date: '2027-07-05',
    currency: 'USD',
    adult_number: 1,
    child_number: 1,
    infant_number: 0,
    total_cents: 10_000,
    taxes_cents: 2_000,
    details: {},
  };
}

/** A budget of `token`'s agency with the two services in its first proposal, sent unless `draft`. */
export async function sellableBudget(
  t: TestApp,
  token: string,
  opts: { supplierId: number | null; draft?: boolean; title?: string },
): Promise<SellableBudget> {
  const budget = await newBudget(t, token, {
    start_date: '2027-07-01',
    end_date: '2027-07-10',
    paxes: [
      { name: 'Maria Souza', age_group: 'adult' },
      { name: 'Pedro Souza', age_group: 'child' },
    ],
  });
  const post = (body: unknown) => t.call('POST', '/api/services', { token, body });
  const tour = await ok<{ id: number }>(await post(tourBody(budget.proposalId, opts.supplierId)));
  const usd = await ok<{ id: number }>(await post(ticketBody(budget.proposalId, opts.supplierId)));
  if (!opts.draft) await ok(await t.call('PATCH', `/api/budgets/${budget.id}`, { token, body: { status: 'sent' } }));
  const tree = await ok<{ attendance_id: number; landing_page_id: string; title: string }>(
    await t.call('GET', `/api/budgets/${budget.id}`, { token }),
  );
  // A title of its own, so the funnel's search finds this attendance alone.
  const title = opts.title ?? `Venda ${budget.id} ${tree.landing_page_id.slice(0, 8)}`;
  await ok(await t.call('PATCH', `/api/attendances/${tree.attendance_id}`, { token, body: { title } }));
  return {
    id: budget.id,
    proposalId: budget.proposalId,
    attendanceId: tree.attendance_id,
    landingId: tree.landing_page_id,
    title,
    services: { tour: tour.id, usd: usd.id },
  };
}
