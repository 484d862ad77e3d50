// /api/recommendations through HTTP: the agent's tips on a budget's destination, their order, bad
// input, and another agency's.
import { beforeAll, describe, expect, it } from 'vitest';
import { type NewBudget, newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
let colab = '';
let outra = '';
let budget: NewBudget;
beforeAll(async () => {
  colab = await t.tokenFor(DEMO.users.colaborador);
  outra = await t.tokenFor(DEMO.users.outraOwner);
  budget = await newBudget(t, colab);
});

const create = (body: Record<string, unknown>, token = colab) =>
  t.call('POST', '/api/recommendations', { token, body: { budget_id: budget.id, ...body } });
const titles = async () =>
  (await t.deps.db.recommendation.findMany({ where: { budgetId: budget.id }, orderBy: { position: 'asc' } })).map((r) => [
    r.title,
    r.position,
  ]);

describe('/api/recommendations', () => {
  let first: { id: number };

  it('creates tips in order, at a position when asked, and reads one', async () => {
    const res = await create({
      category: 'restaurant',
      title: 'Cervejaria Ramiro',
      description: 'Mariscos; chegue cedo.',
      url: 'https://www.cervejariaramiro.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json();
    expect(first).toEqual({
      id: expect.any(Number),
      budget_id: budget.id,
      category: 'restaurant',
      title: 'Cervejaria Ramiro',
      description: 'Mariscos; chegue cedo.',
      url: 'https://www.cervejariaramiro.com',
      position: 0,
    });
    expect((await create({ category: 'document', title: 'Passaporte válido' })).json()).toMatchObject({
      position: 1,
      description: null,
      url: null,
    });
    expect((await create({ category: 'tip', title: 'Leve um casaco', position: 0 })).statusCode).toBe(200);
    expect(await titles()).toEqual([
      ['Leve um casaco', 0],
      ['Cervejaria Ramiro', 1],
      ['Passaporte válido', 2],
    ]);
    expect((await t.call('GET', `/api/recommendations/${first.id}`, { token: colab })).json()).toMatchObject({ id: first.id, position: 1 });
  });

  it('PUT replaces every field and may move it; bad input is refused with field errors', async () => {
    const res = await t.call('PUT', `/api/recommendations/${first.id}`, {
      token: colab,
      body: { category: 'tour', title: 'Passeio em Belém', position: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ category: 'tour', title: 'Passeio em Belém', description: null, url: null, position: 2 });
    expect(await titles()).toEqual([
      ['Leve um casaco', 0],
      ['Passaporte válido', 1],
      ['Passeio em Belém', 2],
    ]);
    const bad = await create({ category: 'bar', title: 'x', url: 'javascript:alert(1)', company_id: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['category', 'company_id', 'title', 'url']);
  });

  it("deletes one and closes the gap; another agency's tip is a 404 and its budget a 400", async () => {
    const before = JSON.stringify(await t.deps.db.recommendation.findMany({ orderBy: { id: 'asc' } }));
    for (const [method, url] of [
      ['GET', `/api/recommendations/${first.id}`],
      ['PUT', `/api/recommendations/${first.id}`],
      ['DELETE', `/api/recommendations/${first.id}`],
    ] as const) {
      const res = await t.call(method, url, { token: outra, ...(method === 'PUT' ? { body: { category: 'tip', title: 'Invasão' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await create({ category: 'tip', title: 'Intrusa' }, outra);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toEqual({ budget_id: ['não foi encontrado'] });
    expect(JSON.stringify(await t.deps.db.recommendation.findMany({ orderBy: { id: 'asc' } }))).toBe(before);

    const [top] = await t.deps.db.recommendation.findMany({ where: { budgetId: budget.id }, orderBy: { position: 'asc' }, take: 1 });
    const res = await t.call('DELETE', `/api/recommendations/${top?.id}`, { token: colab });
    expect(res.json()).toEqual({ id: top?.id, deleted: true });
    expect(await titles()).toEqual([
      ['Passaporte válido', 0],
      ['Passeio em Belém', 1],
    ]);
  });
});
