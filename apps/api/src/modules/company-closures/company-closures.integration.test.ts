// Closing an agency's account through HTTP: only the owner, only by typing the agency's name, one at a
// time, cancellable with nothing lost; then, once due, the sweep deletes every row and file of that
// agency and nothing of the other, and the owners get each step by e-mail.
import { COMPANY_CLOSURE_MESSAGES, type CompanyClosure } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { ok, tourBody } from '../../../test/sale-fixtures';
import { whereFound } from '../../../test/text-scan';
import { closureSweepJob } from './company-closures.service';

const t = useTestApp();
const tokens = { owner: '', admin: '', outra: '' };
const ids = { demo: 0, outra: 0, fileKey: '' };
const CLIENT = 'Teodora Encerrada Vasconcelos';
const PASSPORT = 'YC5544332';
const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });

type ClosureAnswer = { closure: CompanyClosure };

async function sweep() {
  await t.platform.jobs.enqueue(closureSweepJob, {});
  await t.platform.jobs.drain();
}

/** Rows per table of every table with a company_id, for one agency. */
async function tenantCounts(companyId: number): Promise<Record<string, number>> {
  const tables = await t.deps.db.$queryRaw<{ table: string }[]>`
    SELECT c.table_name AS "table" FROM information_schema.columns c
    JOIN information_schema.tables x ON x.table_schema = c.table_schema AND x.table_name = c.table_name AND x.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() AND c.column_name = 'company_id' ORDER BY 1`;
  const counts: Record<string, number> = {};
  for (const { table } of tables) {
    const [row] = await t.deps.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE company_id = $1`,
      companyId,
    );
    counts[table] = row?.n ?? 0;
  }
  counts.companies = (await t.deps.db.company.count({ where: { id: companyId } })) as number;
  return counts;
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.demo = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).companyId;
  ids.outra = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } })).companyId;
  // The agency to close holds a client with a passport and a file, and a sold budget; the other agency a budget too.
  const client = await ok<{ id: number }>(
    await call('POST', '/api/clients', tokens.owner, {
      kind: 'person',
      name: CLIENT,
      documents: [{ type: 'passport', number: PASSPORT, country: 'BR' }],
    }),
  );
  const upload = multipart({}, [{ filename: 'passaporte.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
  const uploaded = await t.call('POST', `/api/clients/${client.id}/attachments`, {
    token: tokens.owner,
    body: upload.body,
    headers: upload.headers,
  });
  expect(uploaded.statusCode).toBe(200);
  ids.fileKey = (await t.deps.db.clientAttachment.findFirstOrThrow({ where: { clientId: client.id } })).fileKey;
  for (const token of [tokens.owner, tokens.outra]) {
    const budget = await newBudget(t, token, { paxes: [{ name: CLIENT, age_group: 'adult' }] });
    await ok(await call('POST', '/api/services', token, tourBody(budget.proposalId, null)));
    await ok(await call('PATCH', `/api/budgets/${budget.id}`, token, { status: 'sent' }));
    await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, token, { proposal_id: budget.proposalId }));
  }
});

describe('asking to close the account', () => {
  it('is the owner’s alone, and a name that is not the agency’s changes nothing', async () => {
    expect((await call('POST', '/api/companies/closure', tokens.admin, { confirmation: DEMO.companies.demo })).statusCode).toBe(403);
    expect((await call('GET', '/api/companies/closure', tokens.admin)).statusCode).toBe(403);
    const wrong = await call('POST', '/api/companies/closure', tokens.owner, { confirmation: 'Agência Outra' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { confirmation: [COMPANY_CLOSURE_MESSAGES.confirmationMismatch] } });
    expect((await call('POST', '/api/companies/closure', tokens.owner, {})).statusCode).toBe(400);
    expect(await ok(await call('GET', '/api/companies/closure', tokens.owner))).toEqual({ closure: null });
    expect(await t.deps.db.companyClosure.count()).toBe(0);
  });

  it('schedules the deletion 30 days ahead, mails the owner, and refuses a second one', async () => {
    const before = Date.now();
    const { closure } = await ok<ClosureAnswer>(
      await call('POST', '/api/companies/closure', tokens.owner, { confirmation: `  ${DEMO.companies.demo.toUpperCase()} ` }),
    );
    expect(closure).toMatchObject({ status: 'scheduled', cancelled_at: null });
    const days = (Date.parse(closure.scheduled_for) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const [mail] = await t.mailsTo(DEMO.users.owner);
    expect(mail?.subject).toContain(`encerramento da conta da ${DEMO.companies.demo} agendado`);
    expect(mail?.text).toContain('serão excluídos definitivamente');

    const again = await call('POST', '/api/companies/closure', tokens.owner, { confirmation: DEMO.companies.demo });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPANY_CLOSURE_MESSAGES.alreadyScheduled);
    expect(await ok(await call('GET', '/api/companies/closure', tokens.outra))).toEqual({ closure: null });
  });

  it('a closure not yet due deletes nothing', async () => {
    const counts = await tenantCounts(ids.demo);
    await sweep();
    expect(await tenantCounts(ids.demo)).toEqual(counts);
  });

  it('is cancelled by the owner, with an e-mail; a cancelled closure past its date deletes nothing', async () => {
    expect((await call('DELETE', '/api/companies/closure', tokens.outra)).statusCode).toBe(409);
    const { closure } = await ok<ClosureAnswer>(await call('DELETE', '/api/companies/closure', tokens.owner));
    expect(closure.status).toBe('cancelled');
    const [mail] = await t.mailsTo(DEMO.users.owner);
    expect(mail?.subject).toContain('cancelado');
    const again = await call('DELETE', '/api/companies/closure', tokens.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPANY_CLOSURE_MESSAGES.notScheduled);

    await t.deps.db.companyClosure.updateMany({ data: { scheduledFor: new Date(Date.now() - 86_400_000) } });
    const counts = await tenantCounts(ids.demo);
    await sweep();
    expect(await tenantCounts(ids.demo)).toEqual(counts);
  });
});

describe('once due', () => {
  it('deletes every row and file of the agency, nothing of the other, and confirms by e-mail', async () => {
    const { closure } = await ok<ClosureAnswer>(
      await call('POST', '/api/companies/closure', tokens.owner, { confirmation: DEMO.companies.demo }),
    );
    await t.deps.db.companyClosure.update({ where: { id: closure.id }, data: { scheduledFor: new Date(Date.now() - 1000) } });
    const before = await tenantCounts(ids.demo);
    expect(before.clients).toBeGreaterThan(0);
    expect(before.sales).toBeGreaterThan(0);
    const outraBefore = await tenantCounts(ids.outra);
    expect(await t.platform.storage.exists(ids.fileKey)).toBe(true);

    await sweep();

    const after = await tenantCounts(ids.demo);
    expect(Object.entries(after).filter(([table, n]) => n > 0 && table !== 'company_closures')).toEqual([]);
    expect(await tenantCounts(ids.outra)).toEqual(outraBefore);
    expect(await t.platform.storage.exists(ids.fileKey)).toBe(false);
    // Nothing of it in any text of the database but the closure's own record (the agency's name).
    const found = await whereFound(t.deps.db, [PASSPORT, DEMO.users.owner, DEMO.users.colaborador]);
    expect(found).toEqual([]);
    // The traveller of the other agency, of the same name, is still there.
    expect(await whereFound(t.deps.db, [CLIENT])).toEqual(['budget_paxes.name']);
    expect((await t.call('POST', '/api/login', { body: { email: DEMO.users.owner, password: DEMO.password } })).statusCode).toBe(401);

    const [mail] = await t.mailsTo(DEMO.users.owner);
    expect(mail?.subject).toContain(`os dados da ${DEMO.companies.demo} foram excluídos`);
    const record = await t.deps.db.companyClosure.findUniqueOrThrow({ where: { id: closure.id } });
    expect(record.deletedAt).not.toBeNull();
    expect(record.notifyEmails).toEqual([]);
    // The other agency works as before.
    expect((await call('GET', '/api/clients', tokens.outra)).statusCode).toBe(200);

    // A second run finds nothing to do and mails nobody again.
    const mails = (await t.mailsTo(DEMO.users.owner)).length;
    await sweep();
    expect((await t.mailsTo(DEMO.users.owner)).length).toBe(mails);
  });
});
