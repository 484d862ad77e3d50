// Every reference list, tested from its declaration through HTTP: create, edit, deactivate and
// reactivate, accent- and case-blind search, autocomplete, system rows read-only for agencies and
// editable by super_admin, another agency's rows not found, field errors for bad input.
import {
  type FieldDeclaration,
  REFERENCE_LIST_KEYS,
  type ReferenceItem,
  type ReferenceListKey,
  referenceList,
  SYSTEM_LIST_KEYS,
  TAKEN_MESSAGE,
} from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { owner: '', colaborador: '', outra: '', root: '' };
beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colaborador = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
});

/** A value the field accepts: the example its hint gives for codes ('ex.: GRU'). */
function sampleOf(f: FieldDeclaration): string | number {
  switch (f.kind) {
    case 'text':
      return `Texto de ${f.label}`.slice(0, f.max);
    case 'code':
      return (/ex\.: (\S+)/.exec(f.hint)?.[1] ?? '').toLowerCase();
    case 'integer':
      return f.min;
    case 'timezone':
      return 'America/Sao_Paulo';
  }
}

/** A value the field refuses. */
function badValueOf(f: FieldDeclaration): string | number {
  if (f.kind === 'integer') return f.max + 1;
  return f.kind === 'text' ? 'x'.repeat(f.max + 1) : '%%%-não-é-isso';
}

type Page = { items: ReferenceItem[]; pagination: unknown };
const get = async (list: string, query: string, token = tokens.owner): Promise<Page> => {
  const res = await t.call('GET', `/api/${list}?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (page: Page) => page.items.map((i) => i.id);

/** An active system row of `list` (the seed fills every list). */
async function systemRow(list: string): Promise<ReferenceItem> {
  const row = (await get(list, 'autocomplete=true&per_page=50')).items.find((i) => i.is_system);
  if (!row) throw new Error(`no system row in ${list}`);
  return row;
}

function createBody(key: ReferenceListKey, parentId: number | null) {
  const d = referenceList(key);
  return {
    // Accents and case the searches below must see through.
    name: `Registro Pássaro Ção Ĵq ${key.length}`,
    ...(d.code ? { code: sampleOf(d.code) } : {}),
    ...(d.parent && parentId !== null ? { parent_id: parentId } : {}),
    ...(Object.keys(d.fields).length ? { fields: Object.fromEntries(Object.entries(d.fields).map(([k, f]) => [k, sampleOf(f)])) } : {}),
  };
}

describe.each(REFERENCE_LIST_KEYS)('%s', (key) => {
  const d = referenceList(key);
  let parentId: number | null = null;
  let created: ReferenceItem;

  beforeAll(async () => {
    if (d.parent) parentId = (await systemRow(d.parent.list)).id;
    const res = await t.call('POST', `/api/${key}`, { token: tokens.colaborador, body: createBody(key, parentId) });
    expect(res.statusCode, res.body).toBe(200);
    created = res.json();
  });

  it("creates the agency's own row: codes normalized, fields and parent echoed", () => {
    const body = createBody(key, parentId);
    expect(created).toMatchObject({ name: body.name, is_active: true, is_system: false, editable: true, parent_id: parentId });
    if (d.code) expect(created.code).toBe(d.code.kind === 'code' && d.code.uppercase ? String(body.code).toUpperCase() : body.code);
    for (const [k, f] of Object.entries(d.fields)) {
      const sent = body.fields?.[k];
      expect(created.fields[k]).toBe(f.kind === 'code' && f.uppercase ? String(sent).toUpperCase() : sent);
    }
    if (d.parent) expect(created.parent).toMatchObject({ id: parentId });
  });

  it('edits the fields sent and clears a field sent as null', async () => {
    const [field] = Object.keys(d.fields);
    const res = await t.call('PUT', `/api/${key}/${created.id}`, {
      token: tokens.owner,
      body: { name: `${created.name} Editado`, ...(field ? { fields: { [field]: null } } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: `${created.name} Editado`, code: created.code, parent_id: created.parent_id });
    if (field) expect(res.json().fields[field]).toBeUndefined();
    created = res.json();
  });

  it('finds it by every word of its name blind to accents, case and punctuation, a short word too', async () => {
    for (const search of ['passaro cao', 'PÁSSARO ÇÃO', 'cao passaro', 'pássaro_ção', 'ção', 'JQ', 'ĵQ']) {
      expect(ids(await get(key, `per_page=100&search=${encodeURIComponent(search)}`)), search).toContain(created.id);
    }
    expect(ids(await get(key, `per_page=100&search=${encodeURIComponent('passaro gato')}`))).not.toContain(created.id);
  });

  it('deactivates: still listed, out of the picker; reactivates', async () => {
    const off = await t.call('PUT', `/api/${key}/${created.id}`, { token: tokens.owner, body: { is_active: false } });
    expect(off.json()).toMatchObject({ id: created.id, is_active: false });
    expect(ids(await get(key, 'per_page=100&search=passaro'))).toContain(created.id);
    expect(ids(await get(key, 'is_active=false&per_page=100'))).toContain(created.id);
    expect(ids(await get(key, 'autocomplete=true&search=passaro'))).not.toContain(created.id);
    const on = await t.call('PUT', `/api/${key}/${created.id}`, { token: tokens.owner, body: { is_active: true } });
    expect(on.json()).toMatchObject({ is_active: true });
    const picker = await get(key, 'autocomplete=true&search=passaro');
    expect(ids(picker)).toContain(created.id);
    expect(picker.pagination).toBeNull();
  });

  it('a system row is read-only for an agency (403) and editable by super_admin', async () => {
    const row = await systemRow(key);
    expect(row).toMatchObject({ is_system: true, editable: false });
    const refused = await t.call('PUT', `/api/${key}/${row.id}`, { token: tokens.owner, body: { name: 'Tomado pela agência' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Proibido' });
    const edited = await t.call('PUT', `/api/${key}/${row.id}`, { token: tokens.root, body: { name: `${row.name} (sistema)` } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: row.id, name: `${row.name} (sistema)`, is_system: true, editable: true });
    // Every agency sees the change.
    expect((await get(key, `per_page=5&search=${encodeURIComponent(`${row.name} (sistema)`)}`, tokens.outra)).items[0]).toMatchObject({
      id: row.id,
      editable: false,
    });
  });

  it("another agency's row is not found (404, like a missing one) and never listed", async () => {
    const missing = await t.call('PUT', `/api/${key}/2147483646`, { token: tokens.outra, body: { name: 'Outro nome' } });
    const theirs = await t.call('PUT', `/api/${key}/${created.id}`, { token: tokens.outra, body: { name: 'Outro nome' } });
    expect(theirs.statusCode).toBe(404);
    expect({ ...theirs.json(), request_id: null }).toEqual({ ...missing.json(), request_id: null });
    expect(ids(await get(key, 'per_page=100&search=passaro', tokens.outra))).not.toContain(created.id);
  });

  it('answers bad input with field errors and creates nothing', async () => {
    const before = await t.deps.db.referenceItem.count({ where: { list: key } });
    const res = await t.call('POST', `/api/${key}`, {
      token: tokens.owner,
      body: {
        name: 'A',
        ...(d.code ? { code: badValueOf(d.code) } : {}),
        ...(d.parent ? { parent_id: 'um' } : {}),
        fields: { ...Object.fromEntries(Object.entries(d.fields).map(([k, f]) => [k, badValueOf(f)])), unknown_field: 1 },
        company_id: 1,
      },
    });
    expect(res.statusCode).toBe(400);
    const expected = [
      'company_id',
      'name',
      ...(d.code ? ['code'] : []),
      ...(d.parent ? ['parent_id'] : []),
      ...(Object.keys(d.fields).length ? [...Object.keys(d.fields).map((k) => `fields.${k}`), 'fields.unknown_field'] : ['fields']),
    ];
    expect(Object.keys(res.json().errors).sort()).toEqual(expected.sort());
    expect(await t.deps.db.referenceItem.count({ where: { list: key } })).toBe(before);
  });

  // Only the cases a list's declaration has (CI fails on skipped tests).
  if (d.code?.required)
    it('requires its code', async () => {
      const { code: _code, ...body } = createBody(key, parentId);
      const res = await t.call('POST', `/api/${key}`, { token: tokens.owner, body });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['code']);
    });

  if (d.code?.unique)
    it('keeps codes unique per owner: taken in the agency, free for another agency', async () => {
      const again = await t.call('POST', `/api/${key}`, { token: tokens.owner, body: createBody(key, parentId) });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors).toEqual({ code: [TAKEN_MESSAGE] });
      const other = await t.call('POST', `/api/${key}`, { token: tokens.outra, body: createBody(key, parentId) });
      expect(other.statusCode, other.body).toBe(200);
    });

  if (d.parent)
    it('refuses a parent of another agency or list as not found, and an inactive one; filters by parent', async () => {
      const parentList = d.parent?.list as string;
      const company = async (name: string) => (await t.deps.db.company.findFirstOrThrow({ where: { name } })).id;
      const theirs = await t.deps.db.referenceItem.create({
        data: { list: parentList, companyId: await company(DEMO.companies.outra), name: 'Pai da Outra' },
      });
      const otherList = (await systemRow(parentList === 'continent_params' ? 'card_flag_params' : 'continent_params')).id;
      for (const id of [theirs.id, otherList]) {
        const res = await t.call('POST', `/api/${key}`, { token: tokens.owner, body: { ...createBody(key, id), name: 'Com pai alheio' } });
        expect(res.json().errors, `parent ${id}`).toEqual({ parent_id: ['não foi encontrado'] });
      }
      const inactive = await t.deps.db.referenceItem.create({
        data: { list: parentList, companyId: await company(DEMO.companies.demo), name: 'Pai inativo', isActive: false },
      });
      const res = await t.call('POST', `/api/${key}`, {
        token: tokens.owner,
        body: { ...createBody(key, inactive.id), name: 'Com pai inativo' },
      });
      expect(res.json().errors).toEqual({ parent_id: ['está inativo'] });
      const children = await get(key, `parent_id=${parentId}&per_page=100`);
      expect(ids(children)).toContain(created.id);
      expect(children.items.every((i) => i.parent_id === parentId)).toBe(true);
    });
});

/** Lower case without accents, as the search compares. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Whether `flags` has every true before every false. */
const trueFirst = (flags: boolean[]) => flags.every((flag, i) => flag || !flags.slice(i).includes(true));

describe('autocomplete', () => {
  it('ranks the exact code first, then rows with a word starting with the term, and labels the parent', async () => {
    const airports = (await get('air_airport_params', 'autocomplete=true&search=BEL')).items;
    expect(airports[0]).toMatchObject({ code: 'BEL', fields: { city_name: 'Belém' }, parent: { name: 'Belém', code: '1501402' } });
    // Confins, in Belo Horizonte, is among the airports agencies sell most: first of the words starting with 'bel'.
    expect(airports[1]).toMatchObject({ code: 'CNF', fields: { city_name: 'Belo Horizonte' } });
    expect(trueFirst(airports.map((a) => /(^|\s)bel/.test(fold(`${a.name} ${a.fields.city_name}`))))).toBe(true);
    const cities = (await get('city_params', 'autocomplete=true&search=sao paulo')).items;
    expect(cities[0]).toMatchObject({ name: 'São Paulo', parent: { code: 'SP' } });
    const prefixed = cities.map((c) => c.name.toLowerCase().startsWith('são paulo'));
    expect(prefixed).toEqual([...prefixed].sort((a, b) => Number(b) - Number(a)));
    const states = (await get('state_params', 'autocomplete=true&search=rj')).items;
    expect(states[0]).toMatchObject({ code: 'RJ', name: 'Rio de Janeiro', parent: { code: 'BR' } });
  });

  it('is a short page of 10 by default; a list screen pages 20', async () => {
    expect((await get('air_airport_params', 'autocomplete=true')).items).toHaveLength(10);
    const page = await get('air_airport_params', 'page=2');
    expect(page.items).toHaveLength(20);
    expect(page.pagination).toMatchObject({ current_page: 2, per_page: 20, has_prev_page: true });
  });

  it('serves the same procedure over tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ search: 'guarulhos', autocomplete: 'true' }));
    const res = await t.call('GET', `/trpc/referenceLists.air_airport_params.list?input=${input}`, { token: tokens.owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.items[0]).toMatchObject({ code: 'GRU' });
  });
});

describe('system lists', () => {
  it.each(SYSTEM_LIST_KEYS)('GET /api/system/%s lists the seeded rows, searchable, read-only', async (key) => {
    const res = await t.call('GET', `/api/system/${key}?per_page=100`, { token: tokens.colaborador });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(5);
    expect((await t.call('POST', `/api/system/${key}`, { token: tokens.root, body: { name: 'Nova' } })).statusCode).toBe(404);
  });

  it('finds currencies and languages by code or pt-BR name, blind to accents', async () => {
    const search = async (key: string, term: string) =>
      (await t.call('GET', `/api/system/${key}?search=${encodeURIComponent(term)}`, { token: tokens.owner })).json().items;
    expect(await search('currencies', 'BRL')).toEqual([
      expect.objectContaining({ code: 'BRL', name: 'Real brasileiro', fields: { symbol: 'R$', decimals: 2 } }),
    ]);
    expect((await search('currencies', 'dolar americano'))[0]).toMatchObject({ code: 'USD' });
    expect((await search('languages', 'portugues'))[0]).toMatchObject({ code: 'pt', name: 'Português' });
    expect((await search('vaccines', 'febre amarela'))[0]).toMatchObject({ name: 'Febre amarela' });
  });
});
