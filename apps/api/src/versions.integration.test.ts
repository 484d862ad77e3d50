// No lost update, through HTTP: a write stating an older version of a client, an attendance, a
// budget or a service answers 409 with who changed it and when, and changes nothing; 50 agents
// editing one budget at once lose none of their edits.
import { staleVersionMessage } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../test/budget-fixtures';
import { DEMO, useTestApp } from '../test/harness';
import type { VersionedTable } from './versions';

const t = useTestApp();
const tokens = { owner: '', colab: '' };

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
});

/** The stored row with everything that hangs from it (a refused write must leave all of it). */
async function stored(table: VersionedTable, id: number): Promise<string> {
  const rows = await t.deps.db.$queryRawUnsafe<{ row: unknown; children: unknown }[]>(
    `SELECT to_jsonb(r) AS row,
       (SELECT jsonb_agg(c ORDER BY c.id) FROM client_contacts c WHERE '${table}' = 'clients' AND c.client_id = r.id) AS children
     FROM ${table} r WHERE r.id = $1`,
    id,
  );
  return JSON.stringify(rows[0]);
}

type Kind = {
  table: VersionedTable;
  /** A new record of the kind; its id. */
  make(): Promise<number>;
  /** The kind's edit route, with the body of an edit. */
  write(id: number, n: number, extra?: Record<string, unknown>, headers?: Record<string, string>): ReturnType<typeof t.call>;
  /** Who writes (the agency's settings are the owner's); the colaborador otherwise. */
  by?: 'owner';
  /** The field edit `n` sets, and its value. */
  field: string;
  value(n: number): string;
};

/** The id of a record a route created (its answer shown when it refused). */
function createdId(res: Awaited<ReturnType<typeof t.call>>): number {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

let proposalId = 0;
const serviceBody = (n: number) => ({
  proposal_id: proposalId,
  type: 'other',
  title: `Serviço ${n}`,
  adult_number: 1,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  total_cents: 10_000 + n,
  details: {},
});

const KINDS = {
  client: {
    table: 'clients',
    async make() {
      return createdId(
        await t.call('POST', '/api/clients', {
          token: tokens.owner,
          body: { kind: 'person', name: 'Cliente Versão', phone: '11999990000' },
        }),
      );
    },
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/clients/${id}`, { token: tokens.colab, headers, body: { notes: `Nota ${n}`, ...extra } }),
    field: 'notes',
    value: (n) => `Nota ${n}`,
  },
  attendance: {
    table: 'attendances',
    async make() {
      const client = await t.call('POST', '/api/clients', {
        token: tokens.owner,
        body: { kind: 'person', name: 'Cliente Atendimento Versão' },
      });
      return createdId(
        await t.call('POST', '/api/attendances', { token: tokens.owner, body: { client_id: client.json().id, title: 'Viagem' } }),
      );
    },
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/attendances/${id}`, { token: tokens.colab, headers, body: { destination: `Destino ${n}`, ...extra } }),
    field: 'destination',
    value: (n) => `Destino ${n}`,
  },
  budget: {
    table: 'budgets',
    make: async () => (await newBudget(t, tokens.owner)).id,
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/budgets/${id}`, { token: tokens.colab, headers, body: { observations: `Observação ${n}`, ...extra } }),
    field: 'observations',
    value: (n) => `Observação ${n}`,
  },
  service: {
    table: 'services',
    async make() {
      proposalId = (await newBudget(t, tokens.owner)).proposalId;
      return createdId(await t.call('POST', '/api/services', { token: tokens.owner, body: serviceBody(0) }));
    },
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PUT', `/api/services/${id}`, { token: tokens.colab, headers, body: { ...serviceBody(n), ...extra } }),
    field: 'title',
    value: (n) => `Serviço ${n}`,
  },
  proposal: {
    table: 'proposals',
    make: async () => (await newBudget(t, tokens.owner)).proposalId,
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/proposals/${id}`, { token: tokens.colab, headers, body: { notes: `Nota ${n}`, ...extra } }),
    field: 'notes',
    value: (n) => `Nota ${n}`,
  },
  supplier: {
    table: 'suppliers',
    async make() {
      return createdId(
        await t.call('POST', '/api/suppliers', {
          token: tokens.owner,
          body: { kind: 'organization', name: 'Fornecedor Versão', service_types: ['tour'] },
        }),
      );
    },
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/suppliers/${id}`, { token: tokens.colab, headers, body: { trade_name: `Fantasia ${n}`, ...extra } }),
    field: 'trade_name',
    value: (n) => `Fantasia ${n}`,
  },
  task: {
    table: 'tasks',
    async make() {
      return createdId(await t.call('POST', '/api/tasks', { token: tokens.owner, body: { title: 'Ligar para o cliente' } }));
    },
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/tasks/${id}`, { token: tokens.colab, headers, body: { description: `Descrição ${n}`, ...extra } }),
    field: 'description',
    value: (n) => `Descrição ${n}`,
  },
  contractTemplate: {
    table: 'contract_templates',
    async make() {
      return createdId(
        await t.call('POST', '/api/contract_templates', {
          token: tokens.owner,
          body: { name: 'Modelo Versão', body: 'Contrato' },
        }),
      );
    },
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PUT', `/api/contract_templates/${id}`, { token: tokens.colab, headers, body: { name: `Modelo ${n}`, ...extra } }),
    field: 'name',
    value: (n) => `Modelo ${n}`,
  },
  agency: {
    table: 'companies',
    by: 'owner',
    make: async () => (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo }, select: { id: true } })).id,
    write: (id, n, extra = {}, headers = {}) =>
      t.call('PATCH', `/api/companies/${id}`, { token: tokens.owner, headers, body: { city: `Cidade ${n}`, ...extra } }),
    field: 'city',
    value: (n) => `Cidade ${n}`,
  },
} satisfies Record<string, Kind>;

describe.each(Object.entries(KINDS))('%s', (_name, kind) => {
  it('a write stating an older version answers 409 naming who changed it and when, and changes nothing; the current version goes through', async () => {
    const id = await kind.make();
    const owner = await t.deps.db.user.findFirstOrThrow({ where: { email: DEMO.users.owner }, select: { id: true, name: true } });
    // The owner's edit (no version: not checked) comes first and bumps the version.
    await t.deps.db.$executeRawUnsafe(`UPDATE ${kind.table} SET version = 7, updated_by_id = $1 WHERE id = $2`, owner.id, id);
    const before = await stored(kind.table, id);

    const stale = await kind.write(id, 1, { version: 6 });
    expect(stale.statusCode, stale.body).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({ status: 409, code: 'CONFLICT', conflict: { version: 7, updated_by: { id: owner.id, name: owner.name } } });
    expect(body.message).toBe(staleVersionMessage(body.conflict));
    expect(body.message).toMatch(
      new RegExp(`^Este registro foi alterado por ${owner.name} em \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d\\. Revise e salve de novo\\.$`),
    );
    expect(await stored(kind.table, id)).toBe(before);

    // The same through If-Match, as REST clients send it.
    const header = await kind.write(id, 2, {}, { 'if-match': '"6"' });
    expect(header.statusCode, header.body).toBe(409);
    expect(await stored(kind.table, id)).toBe(before);

    const current = await kind.write(id, 3, {}, { 'if-match': '"7"' });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ version: 8, [kind.field]: kind.value(3) });

    // Without a version nothing is checked, and the edit still bumps it (who made it is kept).
    const unchecked = await kind.write(id, 4);
    expect(unchecked.statusCode, unchecked.body).toBe(200);
    expect(unchecked.json()).toMatchObject({ version: 9, [kind.field]: kind.value(4) });
    const [row] = await t.deps.db.$queryRawUnsafe<{ updated_by_id: number }[]>(`SELECT updated_by_id FROM ${kind.table} WHERE id = $1`, id);
    const writer = await t.deps.db.user.findFirstOrThrow({
      where: { email: (kind as Kind).by === 'owner' ? DEMO.users.owner : DEMO.users.colaborador },
      select: { id: true },
    });
    expect(row?.updated_by_id).toBe(writer.id);
  });
});

describe('versions', () => {
  it('tRPC takes the version as a field; a bad If-Match is refused as a bad version; another agency gets 404, not 409', async () => {
    const id = await KINDS.client.make();
    const trpc = await t.call('POST', '/trpc/clients.update', { token: tokens.colab, body: { id, notes: 'x', version: 5 } });
    expect(trpc.statusCode).toBe(409);
    expect(trpc.json().error.data).toMatchObject({ code: 'CONFLICT', conflict: { version: 1, updated_by: null } });
    expect((await KINDS.client.write(id, 1, {}, { 'if-match': 'abc' })).statusCode).toBe(400);
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const foreign = await t.call('PATCH', `/api/clients/${id}`, { token: outra, body: { notes: 'x', version: 5 } });
    expect(foreign.statusCode).toBe(404);
  });

  it('a funnel move stating an older version of the attendance answers 409 and leaves it open', async () => {
    const id = await KINDS.attendance.make();
    await KINDS.attendance.write(id, 1);
    const stale = await t.call('PUT', `/api/attendances/won/${id}`, { token: tokens.owner, body: { version: 1 } });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().conflict.version).toBe(2);
    const read = await t.call('GET', `/api/attendances/${id}`, { token: tokens.owner });
    expect(read.json()).toMatchObject({ status: 'open', version: 2 });
    const moved = await t.call('PUT', `/api/attendances/won/${id}`, { token: tokens.owner, body: { version: 2 } });
    expect(moved.json()).toMatchObject({ status: 'won', version: 3 });
  });

  it('50 agents editing one budget at once: every accepted write is applied exactly once, every refused one got 409', {
    timeout: 240_000,
  }, async () => {
    const { id } = await newBudget(t, tokens.owner);
    const read = async () => (await t.call('GET', `/api/budgets/${id}`, { token: tokens.colab })).json();
    const accepted: { agent: number; version: number }[] = [];
    let refused = 0;
    // Each agent reads the budget, adds its own line to the observations and saves with the
    // version it read; told 409, it reads again and retries. A lost update would drop a line.
    const agent = async (n: number) => {
      for (;;) {
        const budget = await read();
        const lines = budget.observations ? [budget.observations] : [];
        const res = await t.call('PATCH', `/api/budgets/${id}`, {
          token: n % 2 ? tokens.colab : tokens.owner,
          headers: { 'if-match': `"${budget.version}"` },
          body: { observations: [...lines, `agente ${n}`].join('\n') },
        });
        if (res.statusCode === 200) {
          accepted.push({ agent: n, version: res.json().version });
          return;
        }
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().conflict.version).toBeGreaterThan(budget.version);
        refused += 1;
      }
    };
    await Promise.all(Array.from({ length: 50 }, (_, n) => agent(n)));

    const final = await read();
    const lines: string[] = final.observations.split('\n');
    expect(lines.toSorted()).toEqual(Array.from({ length: 50 }, (_, n) => `agente ${n}`).toSorted());
    // One version per accepted write, none skipped or repeated: 2..51 after the creation's 1.
    expect(accepted.map((a) => a.version).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n + 2));
    expect(final.version).toBe(51);
    // The lines are in the order the versions were granted: each write built on the one before.
    expect(lines).toEqual(accepted.toSorted((a, b) => a.version - b.version).map((a) => `agente ${a.agent}`));
    expect(refused).toBeGreaterThan(0);
    console.log(`[versions] 50 agents: 50 writes accepted, ${refused} refused with 409 and retried`);
  });
});
