// Every list's search box finds people the way agents type them (issue 34): every word, in any
// order, anywhere in the text, blind to accents, case and punctuation; a short word still narrows;
// one agency never finds another's rows. Through HTTP on a database of its own.
import type { ReferenceItem } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, useTestApp } from './harness';

const t = useTestApp();

const AVILA = 'João Conceição Ávila';
/** Rows that share some words with AVILA but not all: a search for AVILA's words never finds them. */
const DECOYS = ['João Silva Santos', 'Joana Ávila'];

type Call = TestApp['call'];
const ok = async (res: Awaited<ReturnType<Call>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** What each list answers for a search: the ids of its rows. */
type Finder = (token: string, search: string) => Promise<number[]>;
const q = (search: string) => encodeURIComponent(search);
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);

const FINDERS: Record<string, Finder> = {
  clients: async (token, s) => idsOf((await ok(await t.call('GET', `/api/clients?per_page=50&search=${q(s)}`, { token }))).clients),
  attendances: async (token, s) =>
    idsOf((await ok(await t.call('GET', `/api/attendances?per_page=50&search=${q(s)}`, { token }))).attendances),
  funnel: async (token, s) =>
    idsOf((await ok(await t.call('GET', `/api/attendances/funnel?per_page=50&search=${q(s)}`, { token }))).negotiations.open.cards),
  budgets: async (token, s) => idsOf((await ok(await t.call('GET', `/api/budgets?per_page=50&search=${q(s)}`, { token }))).budgets),
  suppliers: async (token, s) => idsOf((await ok(await t.call('GET', `/api/suppliers?per_page=50&search=${q(s)}`, { token }))).suppliers),
  users: async (token, s) => idsOf((await ok(await t.call('GET', `/api/users?per_page=50&search=${q(s)}`, { token }))).users),
  tasks: async (token, s) => idsOf((await ok(await t.call('GET', `/api/tasks?search=${q(s)}`, { token }))).to_do),
  cruise_cia_params: async (token, s) =>
    idsOf((await ok(await t.call('GET', `/api/cruise_cia_params?per_page=50&search=${q(s)}`, { token }))).items),
};

/** Per list, the id of AVILA's row and of the decoys', in Agência Demo and in Agência Outra. */
type Rows = Record<string, { avila: number; decoys: number[] }>;
const demo: Rows = {};
const outra: Rows = {};
const tokens = { demo: '', outra: '' };

/** In one agency: AVILA and the decoys as a client each (with an attendance and a budget), supplier, user, task and list row. */
async function seed(token: string, rows: Rows, emailTag: string) {
  const add = (list: string, name: string, id: number) => {
    rows[list] ??= { avila: 0, decoys: [] };
    const row = rows[list] as Rows[string];
    if (name === AVILA) row.avila = id;
    else row.decoys.push(id);
  };
  for (const [n, name] of [AVILA, ...DECOYS].entries()) {
    const client = await ok(await t.call('POST', '/api/clients', { token, body: { kind: 'person', name } }));
    add('clients', name, client.id);
    // An attendance and a budget are found by their client's name.
    const attendance = await ok(await t.call('POST', '/api/attendances', { token, body: { client_id: client.id, title: 'Lua de mel' } }));
    add('attendances', name, attendance.id);
    add('funnel', name, attendance.id);
    const budget = await ok(
      await t.call('POST', '/api/budgets/', { token, body: { attendance_id: attendance.id, title: 'Roteiro Europa' } }),
    );
    add('budgets', name, budget.id);
    const supplier = await ok(
      await t.call('POST', '/api/suppliers', { token, body: { kind: 'person', name, service_types: ['ground_services'] } }),
    );
    add('suppliers', name, supplier.id);
    const user = await ok(
      await t.call('POST', '/api/users', {
        token,
        body: { user: { name, email: `pessoa${n}.${emailTag}@exemplo.com`, role: 'colaborador' } },
      }),
    );
    add('users', name, user.id);
    const task = await ok(await t.call('POST', '/api/tasks', { token, body: { title: `Ligar para ${name}` } }));
    add('tasks', name, task.id);
    const cruiseLine = await ok(await t.call('POST', '/api/cruise_cia_params', { token, body: { name: `${name} Cruzeiros` } }));
    add('cruise_cia_params', name, cruiseLine.id);
  }
}

beforeAll(async () => {
  tokens.demo = await t.tokenFor(DEMO.users.owner);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  await seed(tokens.demo, demo, 'demo');
  await seed(tokens.outra, outra, 'outra');
});

describe.each(Object.keys(FINDERS))('%s', (list) => {
  const find = (search: string, token = tokens.demo) => (FINDERS[list] as Finder)(token, search);
  const rows = () => demo[list] as Rows[string];

  it.each(['joao avila', 'avila joao', 'ÁVILA, João', 'conceição   JOAO', 'avila-joao'])(
    '%j finds every word in any order',
    async (search) => {
      const found = await find(search);
      expect(found).toContain(rows().avila);
      for (const decoy of rows().decoys) expect(found).not.toContain(decoy);
    },
  );

  it('needs every word: "joao silva" does not find João Conceição Ávila', async () => {
    const found = await find('joao silva');
    expect(found).not.toContain(rows().avila);
    expect(found).toContain(rows().decoys[0]);
  });

  it('narrows by a two-letter word beside a long one, and by a two-letter word alone', async () => {
    expect(await find('av conceicao')).toContain(rows().avila);
    expect(await find('xy conceicao')).toEqual([]);
    const short = await find('áv');
    expect(short).toEqual(expect.arrayContaining([rows().avila, rows().decoys[1]]));
    expect(short).not.toContain(rows().decoys[0]);
  });

  it("finds only the caller's agency's rows", async () => {
    const mine = await find('joao avila');
    expect(mine).not.toContain(outra[list]?.avila);
    const theirs = await find('joao avila', tokens.outra);
    expect(theirs).toContain(outra[list]?.avila);
    expect(theirs).not.toContain(rows().avila);
  });
});

describe("the budgets' destination filter", () => {
  it('finds every word of the destination in any order', async () => {
    const clientId = (demo.clients as Rows[string]).avila;
    const attendance = await ok(
      await t.call('POST', '/api/attendances', {
        token: tokens.demo,
        body: { client_id: clientId, title: 'Praias', destination: 'Fernando de Noronha' },
      }),
    );
    const budget = await ok(
      await t.call('POST', '/api/budgets/', { token: tokens.demo, body: { attendance_id: attendance.id, title: 'Ilha' } }),
    );
    const found = async (destination: string) =>
      idsOf((await ok(await t.call('GET', `/api/budgets?per_page=50&destination=${q(destination)}`, { token: tokens.demo }))).budgets);
    expect(await found('noronha, FERNANDO')).toEqual([budget.id]);
    expect(await found('de noronha')).toEqual([budget.id]);
    expect(await found('noronha porto')).toEqual([]);
  });
});

describe('a pasted paragraph', () => {
  it('is matched on its first 8 words only, and a term without words lists everything', async () => {
    const name = 'Alba Brisa Celeste Dalva Estela Fausta Glória Hortência';
    const { id } = await ok(await t.call('POST', '/api/clients', { token: tokens.demo, body: { kind: 'person', name } }));
    const find = (search: string) => (FINDERS.clients as Finder)(tokens.demo, search);
    expect(await find(`${name} Xavier Yara Zuleica`)).toEqual([id]);
    expect(await find(`Xavier ${name}`)).toEqual([]);
    expect(await find('-- %% __')).toEqual(await find(''));
  });
});

describe('the pickers of the reference lists', () => {
  const picker = async (list: string, search: string): Promise<ReferenceItem[]> =>
    (await ok(await t.call('GET', `/api/${list}?autocomplete=true&search=${q(search)}`, { token: tokens.demo }))).items;

  it('rank São Paulo first for "sao paulo" and still find it for "paulo sao"', async () => {
    expect((await picker('city_params', 'sao paulo'))[0]).toMatchObject({ name: 'São Paulo', parent: { code: 'SP' } });
    expect((await picker('city_params', 'paulo sao'))[0]).toMatchObject({ name: 'São Paulo', parent: { code: 'SP' } });
    expect((await picker('city_params', 'PAULO, São'))[0]).toMatchObject({ name: 'São Paulo', parent: { code: 'SP' } });
  });

  it('rank the rows where every word starts a word before those holding one inside a word', async () => {
    for (const name of ['Amar Brisa Cabonave', 'Navegantes Brisa']) {
      await ok(await t.call('POST', '/api/cruise_cia_params', { token: tokens.demo, body: { name } }));
    }
    // By name alone 'Amar' comes first; but there 'nave' is inside 'cabonave'.
    expect((await picker('cruise_cia_params', 'brisa nave')).map((i) => i.name)).toEqual(['Navegantes Brisa', 'Amar Brisa Cabonave']);
    // Words inside words still match, by name: 'vila' in Ávila.
    expect((await picker('cruise_cia_params', 'vila cruz')).map((i) => i.name)).toEqual(['Joana Ávila Cruzeiros', `${AVILA} Cruzeiros`]);
  });
});
