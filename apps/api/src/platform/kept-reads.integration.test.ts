// The reads an API process keeps (kept-reads.ts), against PostgreSQL: sessions and a picker's
// matches. Each change to a user, a subscription, a plan or a list row reaches the process at its
// commit, whoever wrote it. Requests here go
// through `app.inject` itself, not the harness's `call` (which waits for the notifications first):
// what is tested is that nothing else needs to.
import { query } from '@app/db/admin';
import { LISTENER_NAME } from '@app/db/notifications';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../test/harness';
import { SESSION_CHANNEL } from '../modules/access/session';
import { REFERENCE_CHANNEL } from '../modules/reference-lists/reference-lists.service';
import { type KeptReads, keptReadsOf } from './kept-reads';

const t = useTestApp();
const usesPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);

/** Another process's writes: a connection of its own, autocommit. */
const other = {
  query: async (text: string, values?: unknown[]) => ({ rows: await query(t.deps.config.DATABASE_URL as string, text, values) }),
};

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const userId = async (email: string) => (await t.deps.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The status `url` answers once it answers `status`, asked again for up to 2 s (another process's write arrives at its commit). */
const statusOnceItIs = async (url: string, token: string, status: number) =>
  (
    await until(
      () => get(url, token),
      (r) => r.statusCode === status,
    )
  ).statusCode;

/** What `channel` keeps, made by `request`, once its connection listens; `request` again, so something is kept. */
async function listening(channel: string, request: () => Promise<unknown>): Promise<KeptReads<unknown, unknown>> {
  await request();
  const kept = keptReadsOf<unknown, unknown>(t.deps.db, channel);
  if (!kept) throw new Error(`nothing kept for ${channel}`);
  await until(
    async () => kept.listening,
    (on) => on,
  );
  expect(kept.listening).toBe(true);
  await request();
  return kept;
}

describe.runIf(usesPostgres)('the sessions a process keeps', () => {
  it('a second request reads no session: a change that told nobody goes unseen (why every change must tell)', async () => {
    const token = await t.tokenFor(DEMO.users.admin);
    const id = await userId(DEMO.users.admin);
    const cache = await listening(SESSION_CHANNEL, () => get('/api/profile', token));
    expect(cache.size).toBeGreaterThan(0);
    await other.query('ALTER TABLE users DISABLE TRIGGER users_session_change');
    try {
      await other.query("UPDATE users SET status = 'inactive' WHERE id = $1", [id]);
      await new Promise((r) => setTimeout(r, 50));
      expect((await get('/api/profile', token)).statusCode).toBe(200);
    } finally {
      await other.query('ALTER TABLE users ENABLE TRIGGER users_session_change');
    }
    // The same write, told: out at once.
    await other.query("UPDATE users SET status = 'inactive' WHERE id = $1", [id]);
    expect(await statusOnceItIs('/api/profile', token, 401)).toBe(401);
    await other.query("UPDATE users SET status = 'active' WHERE id = $1", [id]);
    expect(await statusOnceItIs('/api/profile', token, 200)).toBe(200);
  });

  it('a user deactivated through the API is refused on the very next request', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const colaborador = await t.tokenFor(DEMO.users.colaborador);
    const id = await userId(DEMO.users.colaborador);
    await listening(SESSION_CHANNEL, () => get('/api/profile', colaborador));
    expect((await get('/api/profile', colaborador)).statusCode).toBe(200);
    const deactivated = await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: { authorization: `Bearer ${owner}` } });
    expect(deactivated.statusCode).toBe(200);
    expect((await get('/api/profile', colaborador)).statusCode).toBe(401);
    const reopened = await t.app.inject({ method: 'PUT', url: `/api/users/reopen/${id}`, headers: { authorization: `Bearer ${owner}` } });
    expect(reopened.statusCode).toBe(200);
  });

  it('a subscription and a plan changed by another process reach the next requests', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    await listening(SESSION_CHANNEL, () => get('/api/profile', owner));
    const company = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo }, select: { id: true } })).id;
    const plan = (await t.deps.db.subscription.findUniqueOrThrow({ where: { companyId: company }, select: { planId: true } })).planId;
    // A budget that does not exist: 404 with the feature, 402 without it.
    const comments = '/api/budgets/999999999/financial_table_comments';
    expect((await get(comments, owner)).statusCode).toBe(404);
    await other.query(`UPDATE plans SET features = features || '{"financial_table_comments": false}'::jsonb WHERE id = $1`, [plan]);
    try {
      expect(await statusOnceItIs(comments, owner, 402)).toBe(402);
    } finally {
      await other.query(`UPDATE plans SET features = features || '{"financial_table_comments": true}'::jsonb WHERE id = $1`, [plan]);
    }
    expect(await statusOnceItIs(comments, owner, 404)).toBe(404);

    const [before] = (await other.query('SELECT status, current_period_end FROM subscriptions WHERE company_id = $1', [company])).rows;
    if (!before) throw new Error('no subscription');
    await other.query("UPDATE subscriptions SET status = 'past_due', current_period_end = now() - interval '1 day' WHERE company_id = $1", [
      company,
    ]);
    try {
      expect(await statusOnceItIs('/api/users', owner, 402)).toBe(402);
    } finally {
      await other.query('UPDATE subscriptions SET status = $2, current_period_end = $3 WHERE company_id = $1', [
        company,
        before.status,
        before.current_period_end,
      ]);
    }
    expect(await statusOnceItIs('/api/users', owner, 200)).toBe(200);
  });

  it('a lost listening connection forgets every session and reads them from the database until it is back', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const cache = await listening(SESSION_CHANNEL, () => get('/api/profile', token));
    expect(cache.size).toBeGreaterThan(0);
    const { rows } = await other.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_NAME],
    );
    expect(rows).toEqual([{ ended: true }]);
    await until(
      async () => cache.size,
      (size) => size === 0,
    );
    expect(cache.size).toBe(0);
    expect((await get('/api/profile', token)).statusCode).toBe(200);
    // Back on its own, and keeping sessions again.
    await listening(SESSION_CHANNEL, () => get('/api/profile', token));
    expect(cache.size).toBeGreaterThan(0);
  });
});

describe.runIf(usesPostgres)('the picker matches a process keeps', () => {
  type Item = { id: number; name: string; code: string | null };
  const picker = async (token: string) => (await get('/api/air_airport_params?search=gru&autocomplete=true', token)).json().items as Item[];
  const named = (items: Item[]) => items.find((i) => i.code === 'GRU')?.name;

  it('a list row changed by another process, or through the API, is in the very next answer', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const kept = await listening(REFERENCE_CHANNEL, () => picker(owner));
    const [gru] = (
      await other.query("SELECT id, name FROM reference_items WHERE list = 'air_airport_params' AND code = 'GRU' AND company_id IS NULL")
    ).rows as { id: number; name: string }[];
    if (!gru) throw new Error('no GRU in the seeds');
    expect(named(await picker(owner))).toBe(gru.name);
    expect(kept.size).toBeGreaterThan(0);

    // Untold (trigger off), the kept answer stays: it is what the picker is served from.
    await other.query('ALTER TABLE reference_items DISABLE TRIGGER reference_items_change');
    try {
      await other.query('UPDATE reference_items SET name = $2 WHERE id = $1', [gru.id, 'Guarulhos Calado']);
      await new Promise((r) => setTimeout(r, 50));
      expect(named(await picker(owner))).toBe(gru.name);
    } finally {
      await other.query('ALTER TABLE reference_items ENABLE TRIGGER reference_items_change');
    }
    // Told: another process's rename, then the super admin's through the API (no wait in between).
    await other.query('UPDATE reference_items SET name = $2 WHERE id = $1', [gru.id, 'Guarulhos Avisado']);
    expect(
      named(
        await until(
          () => picker(owner),
          (items) => named(items) === 'Guarulhos Avisado',
        ),
      ),
    ).toBe('Guarulhos Avisado');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/air_airport_params/${gru.id}`,
      headers: { authorization: `Bearer ${root}` },
      payload: { name: gru.name },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(named(await picker(owner))).toBe(gru.name);
  });
});
