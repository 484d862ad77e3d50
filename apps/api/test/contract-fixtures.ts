// Sold budgets for the contract tests, made through the real routes: a client with CPF, e-mail and
// address (accents in every name), passengers with documents, a tour and a ticket sold through
// PUT /api/budgets/sell/{id} with a three-installment boleto plan.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import type { TestApp } from './harness';
import { ok, ticketBody, tourBody } from './sale-fixtures';

export const CLIENT = {
  name: 'Conceição Araújo Gonçalves',
  email: 'conceicao@cliente.test',
  phone: '(11) 98765-4321',
  address: {
    postal_code: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'apto 12',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
};
export const PASSENGERS = [
  { name: 'Conceição Araújo Gonçalves', age_group: 'adult', cpf: '52998224725', document_type: 'passport', document_number: 'FZ123456' },
  { name: 'Lúcia Gonçalves Antônio', age_group: 'child', document_type: 'rg', document_number: '12.345.678-9' },
];
export const TRIP = {
  title: 'Férias em Angra dos Reis',
  destination: 'Angra dos Reis, RJ',
  start_date: '2027-07-01',
  end_date: '2027-07-10',
};
export const PLAN_DUE_DATES = ['2027-01-10', '2027-02-10', '2027-03-10'];

export type SoldBudget = {
  id: number;
  clientId: number;
  /** The client's CPF (digits): each client of an agency has its own. */
  cpf: string;
  saleCents: number;
  plan: { number: number; due_date: string; amount_cents: number }[];
};

let serial = 0;

/** A valid CPF of its own for the n-th client (its two check digits computed). */
function cpfFor(n: number): string {
  const digits = `529${String(n).padStart(6, '0')}`.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/** A budget of `token`'s agency, sold by the colaborador who made it; `clientEmail` null leaves the client without one. */
export async function soldBudget(
  t: TestApp,
  token: string,
  opts: { supplierId: number; paymentMethodId: number; clientEmail?: string | null },
): Promise<SoldBudget> {
  serial += 1;
  const n = serial;
  const cpf = cpfFor(n);
  const client = await ok<{ id: number }>(
    await t.call('POST', '/api/clients', {
      token,
      body: {
        kind: 'person',
        name: CLIENT.name,
        cpf,
        email: opts.clientEmail === undefined ? CLIENT.email : opts.clientEmail,
        phone: CLIENT.phone,
        addresses: [CLIENT.address],
      },
    }),
  );
  const attendance = await ok<{ id: number }>(
    await t.call('POST', '/api/attendances', { token, body: { client_id: client.id, title: `${TRIP.title} ${n}` } }),
  );
  const budget = await ok<{ id: number; proposals: { id: number }[] }>(
    await t.call('POST', '/api/budgets/', { token, body: { attendance_id: attendance.id, ...TRIP, paxes: PASSENGERS } }),
  );
  const proposalId = budget.proposals[0]?.id ?? 0;
  await ok(await t.call('POST', '/api/services', { token, body: tourBody(proposalId, opts.supplierId) }));
  await ok(await t.call('POST', '/api/services', { token, body: { ...ticketBody(proposalId, null), currency: 'BRL' } }));
  await ok(await t.call('PATCH', `/api/budgets/${budget.id}`, { token, body: { status: 'sent' } }));
  const tree = await ok<{ proposals: { totals: { sale_cents: number } }[] }>(await t.call('GET', `/api/budgets/${budget.id}`, { token }));
  const saleCents = tree.proposals[0]?.totals.sale_cents ?? 0;
  const third = Math.floor(saleCents / 3);
  const plan = PLAN_DUE_DATES.map((due_date, i) => ({
    number: i + 1,
    due_date,
    amount_cents: i === 0 ? saleCents - 2 * third : third,
  }));
  await ok(
    await t.call('PUT', `/api/budgets/sell/${budget.id}`, {
      token,
      body: { proposal_id: proposalId, payment_method_id: opts.paymentMethodId, payment_plan: plan },
    }),
  );
  return { id: budget.id, clientId: client.id, cpf, saleCents, plan };
}

/** A PDF's text with every run of white space (line breaks, no-break spaces) made one space. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<{ text: string; pages: number }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: proxy.numPages };
}

/** The files stored for an agency's contracts (names), to tell that a refused call stored nothing. */
export async function storedContractFiles(dataDir: string, companyId: number): Promise<string[]> {
  return (await readdir(join(dataDir, 'uploads', 'contracts', String(companyId))).catch(() => [] as string[])).sort();
}

/** GET of a path the API answered with (pdf_url), as the browser opens it. */
export async function openLink(t: TestApp, path: string | null) {
  expect(path).toBeTruthy();
  return t.call('GET', path as string);
}
