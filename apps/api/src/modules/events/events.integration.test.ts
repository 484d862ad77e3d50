// Live screens through HTTP on a real port: GET /api/events streams the changes of the caller's
// agency and no other's, resumes from Last-Event-ID, carries who has a budget open, crosses to a
// second API process on the same database within a second, drops a client that does not read
// without holding the others, and ends with the server or the user's session.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiErrorBodySchema } from '@app/shared';
import type { LivePresence } from '@app/shared/events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { lastEventId, openEventStream, type StreamClient } from '../../../test/event-stream';
import { DEMO, useTestApp } from '../../../test/harness';
import { REPO_ROOT } from '../../config';

const t = useTestApp();
let base: string;
let port: number;
const open: StreamClient[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

/** A 200 stream of `token` (at `at`, default this app), once its first message arrived. */
async function stream(token: string, opts: { lastEventId?: string; at?: string } = {}): Promise<StreamClient> {
  const { res, body, client } = await openEventStream(opts.at ?? base, token, opts.lastEventId);
  if (!client) throw new Error(`GET /api/events: HTTP ${res.status} ${body}`);
  open.push(client);
  await client.waitFor(() => true);
  return client;
}

const isChange = (kind: string, id: number, op?: string) => (m: { event: string; data: string }) => {
  if (m.event !== 'change') return false;
  const change = JSON.parse(m.data);
  return change.kind === kind && change.id === id && (op === undefined || change.op === op);
};

async function createClient(token: string, name: string): Promise<number> {
  const res = await t.call('POST', '/api/clients', { token, body: { kind: 'person', name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe('GET /api/events', () => {
  it('answers 401 in the error shape without a valid token, and streams nothing', async () => {
    for (const token of [undefined, 'not.a.jwt']) {
      const { res, body, client } = await openEventStream(base, token);
      expect(res.status).toBe(401);
      expect(client).toBeUndefined();
      expect(apiErrorBodySchema.strict().parse(JSON.parse(body))).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
  });

  it("an agency's changes reach every stream of that agency, and never another agency's", async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const colaborador = await t.tokenFor(DEMO.users.colaborador);
    const outraOwner = await t.tokenFor(DEMO.users.outraOwner);
    const [demo, demoToo, outra] = [await stream(owner), await stream(colaborador), await stream(outraOwner)];
    for (const c of [demo, demoToo, outra])
      expect(c.messages[0]).toMatchObject({ event: 'ready', id: expect.stringMatching(/^[0-9a-f]{8}-\d+$/) });

    const client = await createClient(owner, 'Cliente ao Vivo');
    for (const c of [demo, demoToo]) await c.waitFor(isChange('client', client, 'INSERT'));
    await t.call('PATCH', `/api/clients/${client}`, { token: colaborador, body: { name: 'Cliente ao Vivo Renomeado' } });
    await demo.waitFor(isChange('client', client, 'UPDATE'));

    // The rows of a budget name their budget, so its editor can tell them apart.
    const budget = await newBudget(t, owner);
    const proposal = await demo.waitFor(isChange('proposal', budget.proposalId, 'INSERT'));
    expect(JSON.parse(proposal.data)).toEqual({ kind: 'proposal', id: budget.proposalId, op: 'INSERT', budget_id: budget.id });

    // The other agency's own write reaches it: by then Demo's would have too, had they leaked.
    const theirs = await createClient(outraOwner, 'Cliente da Outra');
    await outra.waitFor(isChange('client', theirs, 'INSERT'));
    expect(outra.changes().length).toBeGreaterThan(0);
    expect(outra.changes().every((c) => c.kind === 'client' && c.id === theirs)).toBe(true);
    expect(demo.changes().some((c) => c.kind === 'client' && c.id === theirs)).toBe(false);
  });

  it("tells the agency who opened and who left a budget; another agency's budget answers 404 and tells nobody", async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const colaborador = await t.tokenFor(DEMO.users.colaborador);
    const outraOwner = await t.tokenFor(DEMO.users.outraOwner);
    const colab = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador }, select: { id: true, name: true } });
    const budget = await newBudget(t, owner);
    const [demo, outra] = [await stream(owner), await stream(outraOwner)];
    const presence = (state: string) => (m: { event: string; data: string }) =>
      m.event === 'presence' && (JSON.parse(m.data) as LivePresence).budget_id === budget.id && JSON.parse(m.data).state === state;

    const beat = await t.call('POST', `/api/budgets/${budget.id}/presence`, { token: colaborador });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(beat.json()).toEqual({ budget_id: budget.id, state: 'editing' });
    const editing = await demo.waitFor(presence('editing'));
    expect(JSON.parse(editing.data)).toEqual({ budget_id: budget.id, user: colab, state: 'editing' });
    // Presence is not a change to resume from: no id.
    expect(editing.id).toBeUndefined();

    // The same procedure over tRPC.
    const left = await t.call('POST', '/trpc/presence.leave', { token: colaborador, body: { id: budget.id } });
    expect(left.statusCode, left.body).toBe(200);
    await demo.waitFor(presence('left'));

    const foreign = await t.call('POST', `/api/budgets/${budget.id}/presence`, { token: outraOwner });
    expect(foreign.statusCode).toBe(404);
    expect(apiErrorBodySchema.strict().parse(foreign.json())).toMatchObject({ status: 404 });
    const missing = await t.call('DELETE', '/api/budgets/2147483646/presence', { token: owner });
    expect(missing.statusCode).toBe(404);
    // Outra's own beat reaches Outra, and only it: Demo's never did.
    const theirs = await newBudget(t, outraOwner);
    await t.call('POST', `/api/budgets/${theirs.id}/presence`, { token: outraOwner });
    await outra.waitFor((m) => m.event === 'presence' && JSON.parse(m.data).budget_id === theirs.id);
    expect(outra.messages.filter((m) => m.event === 'presence').map((m) => JSON.parse(m.data).budget_id)).toEqual([theirs.id]);
    expect(demo.messages.some((m) => m.event === 'presence' && JSON.parse(m.data).budget_id === theirs.id)).toBe(false);
  });

  it('a reconnection with Last-Event-ID gets what it missed; an unknown or too old id gets reset', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const first = await stream(owner);
    const resumeFrom = lastEventId(first);
    first.close();

    const missed = [await createClient(owner, 'Perdido Um'), await createClient(owner, 'Perdido Dois')];
    const again = await stream(owner, { lastEventId: resumeFrom });
    await again.waitFor((m) => m.event === 'ready');
    const ready = again.messages.findIndex((m) => m.event === 'ready');
    const replayed = again.messages.slice(0, ready);
    for (const id of missed) expect(replayed.some(isChange('client', id, 'INSERT'))).toBe(true);
    // Each replayed change keeps its own id, in order; ready carries the newest position.
    const seqs = replayed.map((m) => Number(m.id?.split('-')[1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    for (const unknown of ['ffffffff-1', 'qualquer coisa', `${resumeFrom.split('-')[0]}-999999999`]) {
      const stranger = await stream(owner, { lastEventId: unknown });
      expect(stranger.messages[0]).toMatchObject({ event: 'reset', id: expect.stringMatching(/^[0-9a-f]{8}-\d+$/) });
    }

    // More changes than the process keeps (1,000) since the id: reset, not a partial replay.
    const before = lastEventId(again);
    const watch = await stream(owner);
    const company = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo }, select: { id: true } });
    const ids = await t.deps.db.$queryRaw<{ id: number }[]>`
      INSERT INTO clients (company_id, name, kind, updated_at)
      SELECT ${company.id}, 'Lote ' || g, 'person', now() FROM generate_series(1, 1100) g RETURNING id`;
    const lastId = Math.max(...ids.map((r) => r.id));
    await watch.waitFor((m) => m.event === 'reset' || isChange('client', lastId)(m));
    const tooOld = await stream(owner, { lastEventId: before });
    expect(tooOld.messages[0]?.event).toBe('reset');
  });

  it('drops a client that does not read, while another keeps receiving everything', { timeout: 180_000 }, async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const company = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo }, select: { id: true } });
    const fast = await stream(owner);

    // The slow client asks for the stream and never reads a byte of it.
    let serverSide: Socket | undefined;
    const accepted = new Promise<void>((resolve) =>
      t.app.server.once('connection', (socket: Socket) => {
        serverSide = socket;
        resolve();
      }),
    );
    const slow = connect(port, '127.0.0.1');
    slow.pause();
    slow.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner}\r\n\r\n`);
    await accepted;
    let dropped = false;
    serverSide?.once('close', () => {
      dropped = true;
    });

    // Bursts of changes, each under the per-stream backlog, until the server lets the slow one go.
    let inserted = 0;
    let batches = 0;
    while (!dropped && batches < 400) {
      const rows = await t.deps.db.$queryRaw<{ id: number }[]>`
        INSERT INTO clients (company_id, name, kind, updated_at)
        SELECT ${company.id}, 'Rajada ' || g, 'person', now() FROM generate_series(1, 450) g RETURNING id`;
      inserted += rows.length;
      batches += 1;
      await fast.waitFor(isChange('client', Math.max(...rows.map((r) => r.id))), 10_000);
    }
    slow.destroy();
    expect(dropped, `the slow client was still connected after ${batches} bursts`).toBe(true);
    expect(fast.messages.some((m) => m.event === 'reset')).toBe(false);
    expect(fast.changes().filter((c) => c.kind === 'client' && c.op === 'INSERT').length).toBeGreaterThanOrEqual(inserted);
    // And it goes on.
    const after = await createClient(owner, 'Depois da Queda');
    await fast.waitFor(isChange('client', after, 'INSERT'));
  });

  it('ends the stream of a user whose session changes; reconnecting is refused once it is gone', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const template = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } });
    const email = `ao-vivo-${randomUUID().slice(0, 8)}@demo.test`;
    const user = await t.deps.db.user.create({
      data: {
        companyId: template.companyId,
        name: 'Agente ao Vivo',
        email,
        role: 'colaborador',
        status: 'active',
        passwordHash: template.passwordHash,
      },
    });
    const token = await t.tokenFor(email);
    const theirs = await stream(token);
    const colleague = await stream(owner);
    const off = await t.call('DELETE', `/api/users/${user.id}`, { token: owner });
    expect(off.statusCode, off.body).toBe(200);
    await theirs.ended;
    const { res } = await openEventStream(base, token, lastEventId(theirs));
    expect(res.status).toBe(401);
    // The agency's other streams go on.
    const after = await createClient(owner, 'Depois do Desligamento');
    await colleague.waitFor(isChange('client', after, 'INSERT'));
  });
});

describe('the fleet: a second API process on the same database', () => {
  let child: ChildProcess | undefined;
  let other: string;
  let dataDir: string;
  const output: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'events-fleet-'));
    const server = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const otherPort = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        APP_ROLE: 'api',
        DATABASE_URL: t.deps.config.DATABASE_URL,
        JWT_SECRET: t.deps.config.jwtSecret,
        APP_URL: 'http://localhost:3000',
        PORT: String(otherPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        SHUTDOWN_DRAIN_MS: '0',
        CURRENCY_QUOTES_REFRESH_MINUTES: '0',
        FOLLOW_UP_INTERVAL_MINUTES: '0',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => output.push(String(d)));
    child.stderr?.on('data', (d) => output.push(String(d)));
    other = `http://127.0.0.1:${otherPort}`;
    const until = Date.now() + 240_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`the second process exited: ${output.join('')}`);
      if ((await fetch(`${other}/readyz`).catch(() => null))?.status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the second process did not start: ${output.join('')}`);
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child?.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a change written through one process reaches a stream on the other within a second, presence too', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const there = await stream(owner, { at: other });
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: `Cliente da Frota ${i}` } });
      const answered = performance.now();
      await there.waitFor(isChange('client', res.json().id, 'INSERT'), 1_000);
      expect(performance.now() - answered).toBeLessThan(1_000);
    }
    const budget = await newBudget(t, owner);
    await t.call('POST', `/api/budgets/${budget.id}/presence`, { token: owner });
    await there.waitFor((m) => m.event === 'presence' && JSON.parse(m.data).budget_id === budget.id, 1_000);
  });

  it('stopping the process ends its streams, so it stops at once', { timeout: 60_000 }, async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const there = await stream(owner, { at: other });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    await there.ended;
    expect(await exited).toBe(0);
  });
});
