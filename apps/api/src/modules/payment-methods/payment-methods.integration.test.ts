// payment_method_params through HTTP: create, edit, deactivate and reactivate; the kind rules as
// field errors; card brands the agency sees; installments priced by the shared rule; another
// agency's method not found; managers write, every user reads.
import { installmentOptions, type PaymentMethod } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { owner: '', admin: '', colaborador: '', outra: '', root: '' };
/** Two active system card brands (Visa, Mastercard...). */
let brands: { id: number; name: string }[] = [];

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colaborador = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  const res = await t.call('GET', '/api/card_flag_params?per_page=50', { token: tokens.owner });
  brands = res
    .json()
    .items.filter((b: { is_system: boolean; is_active: boolean }) => b.is_system && b.is_active)
    .slice(0, 2)
    .map((b: { id: number; name: string }) => ({ id: b.id, name: b.name }));
  expect(brands).toHaveLength(2);
});

const create = (body: Record<string, unknown>, token = tokens.owner) => t.call('POST', '/api/payment_method_params', { token, body });
const update = (id: number, body: Record<string, unknown>, token = tokens.owner) =>
  t.call('PUT', `/api/payment_method_params/${id}`, { token, body });
const list = async (query: string, token = tokens.owner): Promise<PaymentMethod[]> => {
  const res = await t.call('GET', `/api/payment_method_params?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};

/** 10x on credit card: 1-3x sem juros, 4x+ at 1,99% a.m., installments of R$ 50,00 at least. */
const CARD = {
  kind: 'credit_card',
  name: 'Cartão de crédito em até 10x',
  max_installments: 10,
  installment_interest: [0, 0, 0, 199, 199, 199, 199, 199, 199, 199],
  min_installment_cents: 5_000,
  instructions: 'Parcelamento na maquininha da loja.',
};

describe('POST /api/payment_method_params', () => {
  let card: PaymentMethod;

  it('creates a credit card method with its brands and interest per installment count', async () => {
    const res = await create({ ...CARD, card_brand_ids: [brands[0]?.id, brands[1]?.id, brands[0]?.id] });
    expect(res.statusCode, res.body).toBe(200);
    card = res.json();
    expect(card).toMatchObject({
      ...CARD,
      pix_key_type: null,
      pix_key: null,
      due_days: null,
      is_active: true,
    });
    expect(card.card_brands.map((b) => b.id).sort()).toEqual(brands.map((b) => b.id).sort());
    expect((await list('kind=credit_card&per_page=50')).map((m) => m.id)).toContain(card.id);
  });

  it('prices a proposal with the stored method: 1-3x sem juros, interest from 4x, counts under the minimum left out', () => {
    const options = installmentOptions(card, 30_000);
    // R$ 300,00: R$ 50,00 at least, so up to 6x (6x at 1,99% a.m. is R$ 53,54).
    expect(options.map((o) => o.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(options.slice(0, 3).every((o) => o.interest_free && o.total_cents === 30_000)).toBe(true);
    expect(options[3]).toMatchObject({ count: 4, interest_free: false, interest_basis_points: 199 });
    expect(options[5]?.label).toBe('6x de R$ 53,54 com juros de 1,99% a.m.');
  });

  it('stores a Pix key as the Pix directory keeps it, and every count "sem juros" without interest sent', async () => {
    const res = await create({ kind: 'pix', name: 'Pix da agência', pix_key_type: 'phone', pix_key: '(11) 98765-4321' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pix_key_type: 'phone', pix_key: '+5511987654321', max_installments: 1, installment_interest: [0] });
    const boleto = await create({ kind: 'boleto', name: 'Boleto em 3x', max_installments: 3 });
    expect(boleto.json()).toMatchObject({ max_installments: 3, installment_interest: [0, 0, 0] });
    const invoiced = await create({ kind: 'invoiced', name: 'Faturado 30 dias', due_days: 30 });
    expect(invoiced.json()).toMatchObject({ kind: 'invoiced', due_days: 30 });
  });

  it('answers what each kind lacks or does not take as field errors, and creates nothing', async () => {
    const before = await t.deps.db.paymentMethod.count();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { kind: 'pix', name: 'Pix' },
        { pix_key_type: ['Preencha este campo'], pix_key: ['Preencha este campo'] },
      ],
      [
        { kind: 'pix', name: 'Pix', pix_key_type: 'cpf', pix_key: '529.982.247-26' },
        { pix_key: ['não é uma chave Pix válida para o tipo escolhido'] },
      ],
      [{ kind: 'credit_card', name: 'Cartão', max_installments: 3 }, { card_brand_ids: ['Escolha ao menos uma bandeira'] }],
      [
        { kind: 'cash', name: 'Dinheiro', max_installments: 2, card_brand_ids: [brands[0]?.id], due_days: 10 },
        {
          card_brand_ids: ['só vale para cartão de crédito'],
          max_installments: ['acima de 1 só vale para cartão de crédito e boleto'],
          due_days: ['só vale para a forma Faturado'],
        },
      ],
      [{ kind: 'invoiced', name: 'Faturado' }, { due_days: ['Preencha este campo'] }],
      [
        { ...CARD, card_brand_ids: [brands[0]?.id], installment_interest: [0, 0, 199] },
        { installment_interest: ['deve ter uma taxa para cada número de parcelas, de 1x a 10x'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const bad = await create({ ...CARD, card_brand_ids: [brands[0]?.id], max_installments: 25, company_id: 1, name: 'X' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['company_id', 'max_installments', 'name']);
    expect(await t.deps.db.paymentMethod.count()).toBe(before);
  });

  it("refuses a card brand of another agency or list like a missing one, and an inactive one; the agency's own brand is fine", async () => {
    const db = t.deps.db;
    const companyId = async (name: string) => (await db.company.findFirstOrThrow({ where: { name } })).id;
    const theirs = await db.referenceItem.create({
      data: { list: 'card_flag_params', companyId: await companyId(DEMO.companies.outra), name: 'Bandeira da Outra' },
    });
    const otherList = await db.referenceItem.findFirstOrThrow({ where: { list: 'continent_params', companyId: null } });
    const missing = await create({ ...CARD, card_brand_ids: [2_147_483_646] });
    expect(missing.json().errors).toEqual({ card_brand_ids: ['inclui uma bandeira que não foi encontrada'] });
    for (const id of [theirs.id, otherList.id]) {
      const res = await create({ ...CARD, card_brand_ids: [brands[0]?.id, id] });
      expect({ ...res.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
    }
    const own = await db.referenceItem.create({
      data: { list: 'card_flag_params', companyId: await companyId(DEMO.companies.demo), name: 'Cartão da Casa' },
    });
    const inactive = await db.referenceItem.create({
      data: { list: 'card_flag_params', companyId: await companyId(DEMO.companies.demo), name: 'Bandeira antiga', isActive: false },
    });
    expect((await create({ ...CARD, card_brand_ids: [inactive.id] })).json().errors).toEqual({
      card_brand_ids: ['inclui uma bandeira inativa'],
    });
    const res = await create({ ...CARD, name: 'Cartão da casa', card_brand_ids: [own.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().card_brands).toEqual([{ id: own.id, name: 'Cartão da Casa' }]);
  });
});

describe('PUT /api/payment_method_params/{id}', () => {
  let method: PaymentMethod;
  beforeAll(async () => {
    method = (await create({ ...CARD, name: 'Crédito Ágil', card_brand_ids: [brands[0]?.id] })).json();
  });

  it('changes the fields sent, the brands as a whole list, and checks the kind rules on the result', async () => {
    const res = await update(method.id, {
      name: 'Crédito Ágil 6x',
      max_installments: 6,
      installment_interest: [0, 0, 0, 0, 149, 149],
      card_brand_ids: [brands[1]?.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Crédito Ágil 6x',
      max_installments: 6,
      installment_interest: [0, 0, 0, 0, 149, 149],
      min_installment_cents: 5_000,
      card_brands: [brands[1]],
    });
    // Fewer installments without their rates: the stored rates no longer fit.
    const short = await update(method.id, { max_installments: 2 });
    expect(short.json().errors).toEqual({ installment_interest: ['deve ter uma taxa para cada número de parcelas, de 1x a 2x'] });
    // Another kind comes without the old kind's fields.
    const pix = await update(method.id, { kind: 'pix', pix_key_type: 'email', pix_key: 'Financeiro@Agencia.com.br' });
    expect(Object.keys(pix.json().errors).sort()).toEqual(['card_brand_ids', 'max_installments', 'min_installment_cents']);
    const moved = await update(method.id, {
      kind: 'pix',
      pix_key_type: 'email',
      pix_key: 'Financeiro@Agencia.com.br',
      card_brand_ids: [],
      max_installments: 1,
      installment_interest: [0],
      min_installment_cents: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ kind: 'pix', pix_key: 'financeiro@agencia.com.br', card_brands: [], max_installments: 1 });
    method = moved.json();
  });

  it('deactivates and reactivates (still listed, found by the active filter and by name blind to accents)', async () => {
    const off = await update(method.id, { is_active: false });
    expect(off.json()).toMatchObject({ id: method.id, is_active: false, name: 'Crédito Ágil 6x' });
    expect((await list('is_active=false&per_page=50')).map((m) => m.id)).toContain(method.id);
    expect((await list('is_active=true&per_page=50')).map((m) => m.id)).not.toContain(method.id);
    expect((await list('search=CREDITO%20agil')).map((m) => m.id)).toEqual([method.id]);
    const on = await update(method.id, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true });
  });

  it("answers another agency's method like a missing one (404) and never lists it", async () => {
    const missing = await update(2_147_483_646, { name: 'Outro nome' }, tokens.outra);
    const theirs = await update(method.id, { name: 'Outro nome' }, tokens.outra);
    expect(theirs.statusCode).toBe(404);
    expect({ ...theirs.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
    expect(await list('per_page=100', tokens.outra)).toEqual([]);
    expect((await t.deps.db.paymentMethod.findUniqueOrThrow({ where: { id: method.id } })).name).toBe('Crédito Ágil 6x');
  });
});

describe('who may do what', () => {
  it('every user of the agency reads its methods; owners and administrators write them, a colaborador is refused (403)', async () => {
    const listed = await list('per_page=5', tokens.colaborador);
    expect(listed.length).toBeGreaterThan(0);
    const refused = await create({ kind: 'cash', name: 'Dinheiro' }, tokens.colaborador);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Proibido' });
    expect((await update(listed[0]?.id as number, { name: 'Tomado' }, tokens.colaborador)).statusCode).toBe(403);
    const byAdmin = await create({ kind: 'cash', name: 'Dinheiro no balcão' }, tokens.admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('pages and filters by kind; serves the same procedures over tRPC', async () => {
    const page = await t.call('GET', '/api/payment_method_params?per_page=2&page=1', { token: tokens.owner });
    expect(page.json().pagination).toMatchObject({ current_page: 1, per_page: 2, has_next_page: true });
    expect((await list('kind=invoiced')).every((m) => m.kind === 'invoiced')).toBe(true);
    const input = encodeURIComponent(JSON.stringify({ kind: 'pix' }));
    const res = await t.call('GET', `/trpc/paymentMethods.list?input=${input}`, { token: tokens.owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.items.every((m: PaymentMethod) => m.kind === 'pix')).toBe(true);
  });
});
