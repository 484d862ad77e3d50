// Runs against TEST_DATABASE_URL / DATABASE_URL when set, otherwise against embedded PGlite.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { query, withDatabase } from './admin';
import { startEmbeddedPostgres } from './embedded';
import {
  asInt,
  compiledStatement,
  createPrismaClient,
  disconnectWhenIdle,
  type PrismaClient,
  qb,
  queryRows,
  sql,
  verifyPassword,
} from './index';
import { applyMigrations, migrationStatus } from './migrate';
import { DEMO, seed, seedSampleCrm } from './seed';
import { createTestDatabase, type TestDatabase } from './testing';

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** An empty database: a new one on the server, or a new in-memory PGlite. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) {
    const server = await startEmbeddedPostgres();
    return { url: server.url, drop: server.stop };
  }
  const name = `app_test_empty_${randomUUID().replaceAll('-', '')}`;
  await query(serverUrl, `CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      await query(serverUrl, `DROP DATABASE "${name}" WITH (FORCE)`);
    },
  };
}

async function counts(prisma: PrismaClient) {
  return {
    plans: await prisma.plan.count(),
    companies: await prisma.company.count(),
    users: await prisma.user.count(),
    subscriptions: await prisma.subscription.count(),
  };
}

const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

async function testDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

describe('migrations', () => {
  it('apply on a fresh database, and a second run finds nothing to do', async () => {
    const db = await emptyDatabase();
    try {
      const applied = await applyMigrations(db.url);
      expect(applied.at(0)).toMatch(/^\d{14}_foundation$/);
      expect(await applyMigrations(db.url)).toEqual([]);
      expect(await migrationStatus(db.url)).toMatchObject({ pending: [], failed: [], upToDate: true });
      const rows = await query<{ migration_name: string; finished_at: Date | null }>(
        db.url,
        'SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name',
      );
      expect(rows.map((row) => row.migration_name)).toEqual(applied);
      expect(rows.every((row) => row.finished_at)).toBe(true);
    } finally {
      await db.drop();
    }
  });
});

/**
 * The folded search texts the triggers keep, and the comparison the API makes with them, on both
 * databases the app runs on: the PostgreSQL server (when configured) and the embedded PGlite.
 */
describe.each([
  ...(serverUrl ? [{ database: 'PostgreSQL', open: emptyDatabase }] : []),
  {
    database: 'PGlite',
    open: async () => {
      const server = await startEmbeddedPostgres();
      return { url: server.url, drop: server.stop };
    },
  },
])('search texts on $database', ({ open }) => {
  it('fold accents and case, keep documents and phones as digits, and follow a renamed client', async () => {
    const db = await open();
    const prisma = createPrismaClient(db.url, { max: 2, preparedStatements: false });
    try {
      await applyMigrations(db.url);
      const company = await prisma.company.create({ data: { name: 'Busca' } });
      const owner = await prisma.user.create({ data: { companyId: company.id, name: 'Dona', email: 'dona@busca.test' } });
      const client = await prisma.client.create({
        data: {
          companyId: company.id,
          kind: 'person',
          name: 'JOÃO Gonçalves',
          email: 'João@Ex.com',
          cpf: '39053344705',
          phone: '(11) 98765-4321',
        },
      });
      const attendance = await prisma.attendance.create({
        data: { companyId: company.id, clientId: client.id, ownerUserId: owner.id, title: 'Férias em Cancún', destination: 'São Paulo' },
      });
      const texts = async () => ({
        client: (await prisma.client.findUniqueOrThrow({ where: { id: client.id } })).searchText,
        attendance: (await prisma.attendance.findUniqueOrThrow({ where: { id: attendance.id } })).searchText,
      });
      expect(await texts()).toEqual({
        client: 'joao goncalves joao@ex.com 39053344705 11987654321',
        attendance: 'ferias em cancun sao paulo joao goncalves',
      });
      const found = async (term: string) =>
        (
          await queryRows(
            prisma,
            qb
              .selectFrom('attendances')
              .select('id')
              .where(sql<boolean>`search_text LIKE immutable_unaccent(lower(${`%${term}%`}))`),
          )
        ).length;
      expect([await found('CANCÚN'), await found('cancun'), await found('SÃO PAULO JOÃO'), await found('lisboa')]).toEqual([1, 1, 1, 0]);
      await prisma.client.update({ where: { id: client.id }, data: { name: 'Maria Ñandú' } });
      expect(await texts()).toEqual({
        client: 'maria nandu joao@ex.com 39053344705 11987654321',
        attendance: 'ferias em cancun sao paulo maria nandu',
      });
    } finally {
      await prisma.$disconnect();
      await db.drop();
    }
  });
});

describe('seed', () => {
  it('creates the demo data once; running it again changes nothing', async () => {
    const { prisma } = await testDatabase();
    const before = await counts(prisma);
    expect(before).toEqual({ plans: 2, companies: 3, users: 5, subscriptions: 3 });
    const snapshot = await prisma.user.findMany({ orderBy: { id: 'asc' } });

    await seed(prisma);
    await seed(prisma);

    expect(await counts(prisma)).toEqual(before);
    expect(await prisma.user.findMany({ orderBy: { id: 'asc' } })).toEqual(snapshot);
  });

  it('holds the documented plans, companies and users', async () => {
    const { prisma } = await testDatabase();
    const pro = await prisma.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } });
    expect(pro).toMatchObject({ amountCents: 14_990, trialDays: 14, stripePriceId: 'price_profissional' });
    expect(pro.features).toEqual({
      d4sign: true,
      cambio_sistema: true,
      pipedrive_deals: true,
      nfse: true,
      financial_table_comments: true,
      custom_subdomain: true,
      super_admin: false,
    });
    const free = await prisma.plan.findFirstOrThrow({ where: { name: DEMO.plans.free } });
    expect(free).toMatchObject({ amountCents: 0, trialDays: 0 });
    expect(Object.values(free.features as object).every((on) => on === false)).toBe(true);

    const outra = await prisma.company.findFirstOrThrow({
      where: { name: DEMO.companies.outra },
      include: { subscription: true, users: true },
    });
    expect(outra.subscription).toMatchObject({ status: 'trialing', planId: pro.id });
    expect(outra.subscription?.trialEndsAt?.getTime()).toBeGreaterThan(Date.now() + 9 * 24 * 3600_000);
    expect(outra.users.map((u) => [u.email, u.role])).toEqual([[DEMO.users.outraOwner, 'owner']]);

    const root = await prisma.user.findUniqueOrThrow({ where: { email: DEMO.users.superAdmin }, include: { company: true } });
    expect(root).toMatchObject({ name: 'Root do Sistema', role: 'super_admin', status: 'active' });
    expect(root.company).toMatchObject({ name: DEMO.companies.sistema, isSystem: true, subdomain: 'sistema' });
  });

  it('stores argon2id hashes that verifyPassword accepts', async () => {
    const { prisma } = await testDatabase();
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } });
    expect(owner.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(owner.passwordHash as string, DEMO.password)).toBe(true);
    expect(await verifyPassword(owner.passwordHash as string, 'demo123456')).toBe(false);
  });
});

describe('seedSampleCrm', () => {
  it("fills Agência Demo's CRM once: clients, attendances of every status, a log row each", async () => {
    const { prisma } = await testDatabase();
    await seedSampleCrm(prisma);

    const demo = await prisma.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } });
    const clients = await prisma.client.findMany({ orderBy: { id: 'asc' } });
    const attendances = await prisma.attendance.findMany({ include: { logs: true }, orderBy: { id: 'asc' } });
    expect(clients.length).toBeGreaterThanOrEqual(8);
    expect(attendances.length).toBeGreaterThanOrEqual(12);
    expect(new Set([...clients, ...attendances].map((row) => row.companyId))).toEqual(new Set([demo.id]));
    expect(new Set(attendances.map((a) => a.status))).toEqual(new Set(['open', 'won', 'lost', 'canceled']));
    for (const a of attendances) {
      expect(a.logs).toEqual([expect.objectContaining({ action: 'created', userId: a.ownerUserId, companyId: demo.id })]);
      expect(a.closedAt === null).toBe(a.status === 'open');
    }
    const demoUsers = await prisma.user.findMany({ where: { companyId: demo.id }, select: { id: true } });
    expect(demoUsers.map((u) => u.id)).toEqual(expect.arrayContaining([...new Set(attendances.map((a) => a.ownerUserId))]));

    await seedSampleCrm(prisma);
    expect(await prisma.client.findMany({ orderBy: { id: 'asc' } })).toEqual(clients);
    expect(await prisma.attendance.findMany({ include: { logs: true }, orderBy: { id: 'asc' } })).toEqual(attendances);
  });
});

describe('createTestDatabase', () => {
  it('gives each caller a database of its own', async () => {
    const [a, b] = await Promise.all([testDatabase(), testDatabase()]);
    expect(a.url).not.toBe(b.url);
    const company = await a.prisma.company.create({ data: { name: 'Só na A' } });
    await a.prisma.user.update({ where: { email: DEMO.users.colaborador }, data: { name: 'Mudou' } });

    expect(await b.prisma.company.findFirst({ where: { name: 'Só na A' } })).toBeNull();
    expect(await b.prisma.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).toMatchObject({
      name: 'Colab Demo',
    });
    expect(await a.prisma.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({ name: 'Só na A' });
  });
});

describe('queryRows', () => {
  // The hot reads skip the Prisma client's pipeline; they must still see what $queryRaw sees.
  it('returns the values and types $queryRaw returns, and binds parameters of each kind', async () => {
    const { prisma } = await testDatabase();
    const at = new Date('2026-11-22T13:45:07.120Z');
    const statement = sql<Record<string, unknown>>`
      SELECT ${7}::int AS int4, ${9_007_199_254_740_993n}::bigint AS int8, ${2.5}::float8 AS float8, 12.34::numeric(10, 2) AS money,
             ${true} AS flag, ${'Agência'}::text AS name, 'open'::"AttendanceStatus" AS status, ${at}::timestamp AS at,
             '2026-11-22'::date AS day, '{"a": [1, "b"]}'::jsonb AS doc, ARRAY[${1}::int, ${2}::int] AS ints,
             ARRAY['x', NULL]::text[] AS texts, NULL::text AS nothing, ${'2026-01-31'}::date AS param_day`.compile(qb);
    const viaClient = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(statement.sql, ...statement.parameters);
    const viaAdapter = await queryRows(prisma, statement);
    expect(viaAdapter).toEqual(viaClient);
    expect(viaAdapter[0]).toMatchObject({ int8: 9_007_199_254_740_993n, at, day: new Date('2026-11-22T00:00:00Z'), doc: { a: [1, 'b'] } });
  });

  it('types each row from the schema', async () => {
    const { prisma } = await testDatabase();
    const rows = await queryRows(
      prisma,
      qb
        .selectFrom('users as u')
        .innerJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.role', 'u.phone', 'u.created_at', 'c.name as company'])
        .where('u.email', '=', DEMO.users.colaborador),
    );
    expectTypeOf(rows).toEqualTypeOf<
      {
        id: number;
        role: 'super_admin' | 'owner' | 'administrador' | 'colaborador';
        phone: string | null;
        created_at: Date;
        company: string;
      }[]
    >();
    expect(rows).toEqual([
      { id: expect.any(Number), role: 'colaborador', phone: null, created_at: expect.any(Date), company: 'Agência Demo' },
    ]);
  });

  it("runs inside the caller's transaction when given one", async () => {
    const { prisma } = await testDatabase();
    await prisma.$transaction(async (tx) => {
      await tx.company.create({ data: { name: 'Só na transação' } });
      const [row] = await queryRows(
        tx,
        qb
          .selectFrom('companies')
          .select((eb) => asInt(eb.fn.countAll()).as('count'))
          .where('name', '=', 'Só na transação'),
      );
      expect(row?.count).toBe(1);
    });
  });
});

describe('compiledStatement', () => {
  const byName = compiledStatement((shape: { limit: number }, v: { name: string }) =>
    qb.selectFrom('companies').select('name').where('name', 'like', v.name).orderBy('name').limit(sql.lit(shape.limit)),
  );

  it('compiles a shape once and binds each call its own values', async () => {
    const { prisma } = await testDatabase();
    await prisma.company.createMany({ data: [{ name: 'Alfa 1' }, { name: 'Alfa 2' }, { name: 'Beta 1' }] });
    const alfa = byName({ limit: 1 }, { name: 'Alfa%' });
    const beta = byName({ limit: 1 }, { name: 'Beta%' });
    expect(beta.sql).toBe(alfa.sql);
    expect(alfa.sql).toContain('limit 1');
    expect([alfa.parameters, beta.parameters]).toEqual([['Alfa%'], ['Beta%']]);
    expect(await queryRows(prisma, beta)).toEqual([{ name: 'Beta 1' }]);
    expect(await queryRows(prisma, byName({ limit: 5 }, { name: 'Alfa%' }))).toEqual([{ name: 'Alfa 1' }, { name: 'Alfa 2' }]);
  });

  it('refuses a parameter that is not one of its values', () => {
    // A value computed from the stand-ins would be compiled into every later call.
    const computed = compiledStatement((_shape: null, v: { name: string }) =>
      qb.selectFrom('companies').select('name').where('name', '=', `${v.name}%`),
    );
    expect(() => computed(null, { name: 'Alfa' })).toThrow('parameter $1 of a compiled statement is not one of its values');
  });
});

describe('disconnectWhenIdle', () => {
  it('lets a handler in flight run its next queries before the pool ends', async () => {
    const db = await createTestDatabase(); // not in `databases`: this test disconnects it itself
    try {
      await db.prisma.company.count(); // the client has connected (and owns the pool)
      const handler = (async () => {
        await queryRows(db.prisma, sql<{ slept: boolean }>`SELECT pg_sleep(0.3) IS NOT NULL AS slept`.compile(qb));
        return queryRows(db.prisma, sql<{ done: boolean }>`SELECT true AS done`.compile(qb));
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await disconnectWhenIdle(db.prisma);
      expect(await handler).toEqual([{ done: true }]);
    } finally {
      await db.drop();
    }
  });
});

describe('embedded PostgreSQL', () => {
  it('serves Prisma through a pool: create, findMany, $transaction and rollback', async () => {
    const server = await startEmbeddedPostgres();
    const prisma = createPrismaClient(server.url, { max: 4, preparedStatements: false });
    try {
      await applyMigrations(server.url);
      const company = await prisma.company.create({ data: { name: 'Embutida' } });
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => prisma.outboxMail.create({ data: { to: `u${i}@x.test`, subject: 's', text: 't' } })),
      );
      expect(await prisma.outboxMail.findMany()).toHaveLength(20);

      let outside: Promise<number> | undefined;
      await prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { companyId: company.id, name: 'Em transação', email: 'tx@x.test' } });
        // Another connection's query waits for the transaction to end (awaiting it in here would
        // deadlock); then() is what sends it.
        outside = prisma.user.count().then((n) => n);
        await tx.plan.create({ data: { name: 'P', amountCents: 1 } });
      });
      expect(await outside).toBe(1);
      await expect(
        prisma.$transaction(async (tx) => {
          await tx.company.create({ data: { name: 'Desfeita' } });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await prisma.company.count()).toBe(1);
    } finally {
      await prisma.$disconnect();
      await server.stop();
    }
  });

  it('keeps each connection’s extended-protocol batch whole, even when it spans TCP reads', async () => {
    const server = await startEmbeddedPostgres();
    const pool = new pg.Pool({ connectionString: server.url, max: 8 });
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          // Parameters over ~64 KB reach the server in several reads.
          const value = `${i % 4 === 0 ? 'x'.repeat(200_000) : ''}${i}`;
          const { rows } = await pool.query(`SELECT length($1::text) AS n, ${i} AS tag`, [value]);
          return rows[0].tag === i && rows[0].n === value.length;
        }),
      );
      expect(results.every(Boolean)).toBe(true);
    } finally {
      await pool.end();
      await server.stop();
    }
  });
});
