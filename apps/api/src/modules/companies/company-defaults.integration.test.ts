// What an agency has from its first day (its quote rows, the default contract template): made
// with the agency by POST /api/companies, and added at start to companies that lack them.
import { DEFAULT_CONTRACT_TEMPLATE, TRACKED_CURRENCIES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { activateRegistration, DEMO, linkToken, useTestApp } from '../../../test/harness';
import { backfillCompanyDefaults } from './company-defaults';

const t = useTestApp();

const defaultsOf = async (companyId: number) => ({
  quotes: (await t.deps.db.currencyQuote.findMany({ where: { companyId }, select: { currency: true }, orderBy: { id: 'asc' } })).map(
    (q) => q.currency,
  ),
  templates: await t.deps.db.contractTemplate.findMany({ where: { companyId }, select: { name: true, body: true, isDefault: true } }),
});
const EXPECTED = {
  quotes: [...TRACKED_CURRENCIES],
  templates: [{ name: DEFAULT_CONTRACT_TEMPLATE.name, body: DEFAULT_CONTRACT_TEMPLATE.body, isDefault: true }],
};

describe('company defaults', () => {
  it('a new agency has them at once: its own quotes to type and the default template to generate with', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const email = 'dona@padroes.test';
    const res = await t.call('POST', '/api/companies', {
      token: root,
      body: { company: { name: 'Agência Padrões' }, owner: { name: 'Dona Padrões', email } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const companyId = res.json().company.id as number;
    expect(await defaultsOf(companyId)).toEqual(EXPECTED);

    const [mail] = await t.mailsTo(email);
    const link = linkToken(mail?.text ?? '', '/registration/activate-user');
    expect((await activateRegistration(t, link, 'senha-forte-1')).statusCode).toBe(200);
    const token = await t.tokenFor(email, 'senha-forte-1');
    const templates = (await t.call('GET', '/api/contract_templates', { token })).json().items;
    expect(templates).toMatchObject([{ name: DEFAULT_CONTRACT_TEMPLATE.name, is_default: true, active: true }]);
  });

  it('at start, a company without them (made before, or outside the app) gets them, and the system its quotes; once', async () => {
    const db = t.deps.db;
    const bare = await db.company.create({ data: { name: 'Agência de Antes' }, select: { id: true } });
    // A currency tracked since the system's rows were made.
    await db.currencyQuote.deleteMany({ where: { companyId: null, currency: 'CNY' } });

    await backfillCompanyDefaults(db);
    expect(await defaultsOf(bare.id)).toEqual(EXPECTED);
    const system = await db.currencyQuote.findMany({ where: { companyId: null }, select: { currency: true } });
    expect(system.map((q) => q.currency).sort()).toEqual([...TRACKED_CURRENCIES].sort());

    const counts = async () => [await db.currencyQuote.count(), await db.contractTemplate.count()];
    const before = await counts();
    await backfillCompanyDefaults(db);
    expect(await counts()).toEqual(before);
  });
});
