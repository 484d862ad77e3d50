// Budgets for the tests of what lives inside one (proposals, services, refunds, recommendations),
// made through the real routes: a client, its attendance, then the budget with its first proposal.
import { expect } from 'vitest';
import type { TestApp } from './harness';

export type NewBudget = { id: number; proposalId: number; currency: string; currency_rate: number };

let serial = 0;

export async function newBudget(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<NewBudget> {
  serial += 1;
  const client = await t.call('POST', '/api/clients', { token, body: { kind: 'person', name: `Cliente Orçamento ${serial}` } });
  expect(client.statusCode, client.body).toBe(200);
  const attendance = await t.call('POST', '/api/attendances', { token, body: { client_id: client.json().id, title: `Viagem ${serial}` } });
  expect(attendance.statusCode, attendance.body).toBe(200);
  const budget = await t.call('POST', '/api/budgets/', {
    token,
    body: { attendance_id: attendance.json().id, title: `Orçamento ${serial}`, ...body },
  });
  expect(budget.statusCode, budget.body).toBe(200);
  const tree = budget.json();
  return { id: tree.id, proposalId: tree.proposals[0].id, currency: tree.currency, currency_rate: tree.currency_rate };
}

/** A system row of a reference list, by code or name. */
export async function systemRow(t: TestApp, list: string, match: { code?: string; name?: string }): Promise<number> {
  const row = await t.deps.db.referenceItem.findFirst({
    where: { list, companyId: null, ...match },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  if (!row) throw new Error(`no ${list} row ${JSON.stringify(match)}`);
  return row.id;
}

/** Any system row of a list. */
export async function anyRow(t: TestApp, list: string, skip = 0): Promise<number> {
  const row = await t.deps.db.referenceItem.findFirst({
    where: { list, companyId: null, isActive: true },
    select: { id: true },
    orderBy: { id: 'asc' },
    skip,
  });
  if (!row) throw new Error(`no ${list} row`);
  return row.id;
}
