// The Pipedrive integration's long runs against the local fake Pipedrive: the backfill of the open
// attendances offered on connect (1,000 of them, its progress read while it runs, honouring a 429,
// resumed after a worker died without making a deal twice), the nightly reconcile (a lost webhook
// brought here, a lost push sent, a deal deleted there unlinked, what changed reported on the card),
// a deal deleted on Pipedrive, and a revoked token stopping every job with one e-mail to the owner.
import { DEMO } from '@app/db/seed';
import {
  type AttendanceDealSync,
  PIPEDRIVE_BACKFILL_MESSAGES,
  PIPEDRIVE_MESSAGES,
  type PipedriveBackfillState,
  type PipedriveIntegration,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDelivery, type FakePipedrive, startFakePipedrive } from '../../../test/fake-pipedrive';
import { jobRun, useTestApp } from '../../../test/harness';
import { ok } from '../../../test/sale-fixtures';
import { loadConfig } from '../../config';
import { JOB_MAX_ATTEMPTS, type JobSchedule, repeatOf } from '../../platform/jobs';
import { backfillJob, integrationsSchedules, reconcileAllJob } from './pipedrive.sync';

// The reconcile runs when the test says (its schedule is checked on its own).
const env: Record<string, string> = {
  PIPEDRIVE_TOKEN_KEY: 'test-pipedrive-key-test-pipedrive-key-0123',
  PIPEDRIVE_RECONCILE_AT: '',
};
let fake: FakePipedrive;
beforeAll(async () => {
  fake = await startFakePipedrive();
  env.PIPEDRIVE_API_URL = fake.url;
});
afterAll(async () => {
  await fake?.close();
});
const t = useTestApp(env);
const tokens = { owner: '', colab: '' };
const ids = { company: 0, colab: 0, client: 0 };
const BACKFILL_SIZE = 1000;

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const integration = async () => ok<PipedriveIntegration>(await call('GET', '/api/integrations/pipedrive'));
const sync = async (id: number) =>
  ok<AttendanceDealSync>(await call('GET', `/api/integrations/pipedrive/attendances/${id}`, undefined, tokens.colab));
const link = (attendanceId: number) => t.deps.db.pipedriveDealLink.findUniqueOrThrow({ where: { attendanceId } });
const deliver = (d: FakeDelivery) => t.app.inject({ method: 'POST', url: d.path, headers: d.headers, payload: d.body });
const dealIdOf = async (attendanceId: number) => (await link(attendanceId)).dealId ?? 0;
const connection = () => t.deps.db.integrationConnection.findFirstOrThrow({ where: { companyId: ids.company } });

async function attendance(body: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/attendances', { client_id: ids.client, title: 'Cancún', ...body }, tokens.colab);
  return (await ok<{ id: number }>(created)).id;
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  ids.company = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } })).id;
  ids.colab = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  ids.client = (
    await ok<{ id: number }>(await call('POST', '/api/clients', { kind: 'person', name: 'Lote Antigo', email: 'lote@cliente.test' }))
  ).id;
  // Open attendances from before the integration: what connecting offers to send.
  await t.deps.db.attendance.createMany({
    data: Array.from({ length: BACKFILL_SIZE }, (_, i) => ({
      companyId: ids.company,
      clientId: ids.client,
      ownerUserId: ids.colab,
      title: `Atendimento antigo ${i + 1}`,
      valueCents: 10_000 + i,
    })),
  });
  await ok(
    await call('PUT', '/api/integrations/pipedrive', {
      api_token: fake.token,
      pipeline_id: 1,
      funnel: {
        open: { stage_id: 11, status: 'open' },
        won: { stage_id: 13, status: 'won' },
        lost: { stage_id: null, status: 'lost' },
        canceled: { stage_id: 14, status: 'lost' },
      },
    }),
  );
});

describe('backfill of the open attendances', () => {
  let total = 0;

  it('offers the open attendances with no deal, and sends them all in one job with its progress on the card', async () => {
    const offered = (await integration()).backfill;
    expect(offered).toMatchObject({ running: false, total: null, done: null, started_at: null });
    expect(offered.pending).toBeGreaterThanOrEqual(BACKFILL_SIZE);
    total = offered.pending;
    const dealsBefore = fake.deals.size;

    // Pipedrive asks the run for a pause on its first deal: it waits what retry-after says and goes on.
    fake.failNext({ status: 429, headers: { 'retry-after': '2', 'x-ratelimit-remaining': '0' }, route: 'POST /api/v2/deals' });
    const from = fake.calls.length;
    const started = await ok<PipedriveBackfillState>(await call('POST', '/api/integrations/pipedrive/backfill', {}));
    expect(started).toMatchObject({ running: true, total, done: 0, finished_at: null });
    // A second click while it runs is refused, and starts nothing.
    expect((await call('POST', '/api/integrations/pipedrive/backfill', {})).statusCode).toBe(409);
    expect((await call('POST', '/api/integrations/pipedrive/backfill', {}, tokens.colab)).statusCode).toBe(403);

    const seen: number[] = [];
    let draining = true;
    const drained = t.platform.jobs.drain().finally(() => {
      draining = false;
    });
    while (draining) {
      seen.push((await integration()).backfill.done ?? -1);
      await new Promise((r) => setTimeout(r, 300));
    }
    await drained;

    // Read while it ran: it moved, never back, and between nothing and everything.
    expect(seen.some((n) => n > 0 && n < total)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const after = (await integration()).backfill;
    expect(after).toMatchObject({ pending: 0, running: false, total, done: total, finished_at: expect.any(String) });
    expect(fake.deals.size - dealsBefore).toBe(total);
    const posts = fake.calls.map((c, i) => ({ c, i })).filter(({ c, i }) => i >= from && c === 'POST /api/v2/deals');
    const [refused, retried] = posts;
    expect(posts).toHaveLength(total + 1);
    expect((fake.callTimes[retried?.i ?? 0] ?? 0) - (fake.callTimes[refused?.i ?? 0] ?? 0)).toBeGreaterThanOrEqual(2000);
    // One person for the one client, found by e-mail after the first push made it.
    expect([...fake.persons.values()].filter((p) => p.emails.some((e) => e.value === 'lote@cliente.test'))).toHaveLength(1);
    const linked = await t.deps.db.pipedriveDealLink.count({ where: { companyId: ids.company, dealId: { not: null } } });
    expect(linked).toBe(total);
  }, 180_000);

  it('a run taken up again after its worker died resumes at its cursor and makes no deal twice', async () => {
    const olds = await t.deps.db.attendance.findMany({
      where: { companyId: ids.company, title: { startsWith: 'Atendimento antigo' } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    const cut = olds[BACKFILL_SIZE - 11]?.id ?? 0;
    const after = olds.slice(BACKFILL_SIZE - 10).map((a) => a.id);
    // As the process left it: ten attendances still to go (their pushes' deals made on Pipedrive but
    // never saved here, the transaction lost with the process), the cursor at the one before.
    await t.deps.db.pipedriveDealLink.deleteMany({ where: { attendanceId: { in: after } } });
    await t.deps.db.integrationConnection.update({
      where: { id: (await connection()).id },
      data: { backfillFinishedAt: null, backfillCursor: cut, backfillDone: total - 10 },
    });
    expect((await integration()).backfill).toMatchObject({ running: true, pending: 10, done: total - 10 });

    const dealsBefore = fake.deals.size;
    const from = fake.calls.length;
    await backfillJob.handle({ companyId: ids.company }, t.jobDeps(), jobRun());
    expect(fake.deals.size).toBe(dealsBefore);
    const searched = fake.calls
      .slice(from)
      .filter((c) => c.startsWith('GET /api/v2/deals/search'))
      .map((c) => Number(new URL(c.split(' ')[1] ?? '', 'http://x').searchParams.get('term')));
    expect(searched).toEqual(after);
    expect((await integration()).backfill).toMatchObject({ pending: 0, running: false, done: total });
    for (const id of after) expect(await dealIdOf(id)).toBeGreaterThan(0);
  });

  it('sending again with nothing left finishes at once', async () => {
    const again = await ok<PipedriveBackfillState>(await call('POST', '/api/integrations/pipedrive/backfill', {}));
    expect(again).toMatchObject({ running: false, total: 0, done: 0, pending: 0, error: null });
  });

  it('a run out of retries stops on the card with its reason; sending again resumes it', async () => {
    // Open attendances never sent (made without their push), and a run started for them.
    const made = (title: string) =>
      t.deps.db.attendance.create({
        data: { companyId: ids.company, clientId: ids.client, ownerUserId: ids.colab, title },
        select: { id: true },
      });
    const stuck = [(await made('Sem negócio 1')).id, (await made('Sem negócio 2')).id];
    const first = stuck[0] ?? 0;
    await t.deps.db.integrationConnection.update({
      where: { id: (await connection()).id },
      data: {
        backfillTotal: 2,
        backfillDone: 0,
        backfillCursor: first - 1,
        backfillUntilId: stuck[1],
        backfillStartedAt: new Date(),
        backfillFinishedAt: null,
      },
    });
    // Pipedrive answers the deal's creation with something the push cannot read, at every attempt.
    const garbled = { status: 200, route: 'POST /api/v2/deals' };
    fake.failNext(garbled, garbled);
    const attempt = (n: number) => backfillJob.handle({ companyId: ids.company }, t.jobDeps(), { ...jobRun(), attempt: n });

    // An attempt with retries left: still running (the queue tries again).
    await expect(attempt(1)).rejects.toThrow();
    expect((await integration()).backfill).toMatchObject({ running: true, error: null });

    // The last attempt: stopped, with why, and what it had sent.
    await expect(attempt(JOB_MAX_ATTEMPTS)).rejects.toThrow();
    const failed = (await integration()).backfill;
    expect(failed).toMatchObject({
      running: false,
      finished_at: null,
      total: 2,
      done: 0,
      pending: 2,
      error: PIPEDRIVE_BACKFILL_MESSAGES.failed(PIPEDRIVE_BACKFILL_MESSAGES.unexpected),
    });

    // Not running any more: the owner sends again, and it finishes.
    await ok(await call('POST', '/api/integrations/pipedrive/backfill', {}));
    await t.platform.jobs.drain();
    expect((await integration()).backfill).toMatchObject({
      running: false,
      error: null,
      pending: 0,
      done: 2,
      finished_at: expect.any(String),
    });
    for (const id of stuck) expect(await dealIdOf(id)).toBeGreaterThan(0);
  });
});

describe('nightly reconcile', () => {
  it('is scheduled at 03:00 São Paulo time by default, at the configured time, or not at all', () => {
    // The defaults, as a server without the variables gets them.
    const defaults = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      APP_URL: 'http://localhost:3000',
    });
    const [nightly] = integrationsSchedules(defaults);
    expect(nightly).toMatchObject({ job: reconcileAllJob, daily: { hour: 3, minute: 0, tz: 'America/Sao_Paulo' } });
    expect(repeatOf(nightly as JobSchedule<unknown>)).toEqual({ pattern: '0 3 * * *', tz: 'America/Sao_Paulo' });
    const [late] = integrationsSchedules({ PIPEDRIVE_RECONCILE_AT: '23:45', PIPEDRIVE_RECONCILE_TZ: 'America/Manaus' });
    expect(repeatOf(late as JobSchedule<unknown>)).toEqual({ pattern: '45 23 * * *', tz: 'America/Manaus' });
    expect(integrationsSchedules({ PIPEDRIVE_RECONCILE_AT: '', PIPEDRIVE_RECONCILE_TZ: 'America/Sao_Paulo' })[0]).toMatchObject({
      daily: null,
    });
  });

  it('fixes the drift on both sides and reports what it changed; a second run finds nothing', async () => {
    const [pulled, pushed, deleted] = await Promise.all([attendance(), attendance(), attendance()]);
    await t.platform.jobs.drain();
    // A webhook that never came: the value changed on Pipedrive.
    await new Promise((r) => setTimeout(r, 20));
    fake.changeDeal(await dealIdOf(pulled), { value: 777 });
    // A push that never went: the attendance changed here without its job.
    await t.deps.db.attendance.update({ where: { id: pushed }, data: { valueCents: 55_500, title: 'Cancún e Tulum' } });
    // A deal deleted on Pipedrive whose delete webhook never came.
    fake.deleteDeal(await dealIdOf(deleted));
    // An attendance made after connecting whose push job was lost.
    const lost = await t.deps.db.attendance.create({
      data: { companyId: ids.company, clientId: ids.client, ownerUserId: ids.colab, title: 'Perdido', valueCents: 1 },
    });

    await reconcileAllJob.handle({}, t.jobDeps(), jobRun());

    expect((await t.deps.db.attendance.findUniqueOrThrow({ where: { id: pulled } })).valueCents).toBe(77_700);
    expect(fake.deals.get(await dealIdOf(pushed))).toMatchObject({ value: 555, title: 'Cancún e Tulum' });
    expect(await link(deleted)).toMatchObject({ dealId: null });
    expect(fake.deals.get(await dealIdOf(lost.id))).toMatchObject({ title: 'Perdido' });

    const { reconcile } = await integration();
    expect(reconcile).toMatchObject({
      at: expect.any(String),
      report: { pulled: 1, pushed: 1, unlinked: 1, sent: 1, failed: 0 },
    });
    expect(reconcile?.report.checked).toBeGreaterThan(BACKFILL_SIZE);
    expect(reconcile?.report.items).toEqual(
      expect.arrayContaining([
        { attendance_id: pulled, action: 'pulled', fields: ['value_cents'] },
        { attendance_id: pushed, action: 'pushed', fields: ['title', 'value'] },
        { attendance_id: deleted, action: 'unlinked', fields: [] },
        { attendance_id: lost.id, action: 'sent', fields: [] },
      ]),
    );
    const logs = await t.deps.db.attendanceLog.findMany({ where: { attendanceId: pulled, userId: null } });
    expect(logs.map((l) => l.action)).toEqual(['updated']);

    const dealsBefore = fake.deals.size;
    await reconcileAllJob.handle({}, t.jobDeps(), jobRun());
    expect((await integration()).reconcile?.report).toMatchObject({ pulled: 0, pushed: 0, unlinked: 0, sent: 0, items: [] });
    expect(fake.deals.size).toBe(dealsBefore);
  }, 120_000);
});

describe('a deal deleted on Pipedrive', () => {
  it('its delete webhook unlinks the attendance, which stays', async () => {
    const a = await attendance({ title: 'Apagado lá' });
    await t.platform.jobs.drain();
    const dealId = await dealIdOf(a);
    const res = await deliver(fake.deleteDeal(dealId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'unlinked' });
    expect(await link(a)).toMatchObject({ dealId: null });
    expect(await sync(a)).toMatchObject({ state: 'none', deal_id: null });
    expect(await t.deps.db.attendance.findUniqueOrThrow({ where: { id: a } })).toMatchObject({ title: 'Apagado lá', status: 'open' });
  });
});

describe('webhooks across agencies', () => {
  it("another agency's secret path and password never reach this agency's deal; a deal made on Pipedrive changes nothing", async () => {
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    await ok(await call('PUT', '/api/integrations/pipedrive', { api_token: fake.token }, outra));
    const outraRow = await t.deps.db.integrationConnection.findFirstOrThrow({ where: { companyId: { not: ids.company } } });
    const outraHook = [...fake.webhooks.values()].find((w) => w.subscription_url.endsWith(`/${outraRow.webhookPath}`));
    if (!outraHook) throw new Error('no webhook for the other agency');

    const a = await attendance({ title: 'Só da Demo', value_cents: 100_000 });
    await t.platform.jobs.drain();
    const ours = fake.changeDeal(await dealIdOf(a), { value: 9999 });
    // The same event (our deal's id) posted to the other agency's address with its credentials.
    const auth = Buffer.from(`${outraHook.http_auth_user}:${outraHook.http_auth_password}`).toString('base64');
    const crossed = {
      ...ours,
      path: new URL(outraHook.subscription_url).pathname,
      headers: { ...ours.headers, authorization: `Basic ${auth}` },
    };
    expect((await deliver(crossed)).json()).toEqual({ received: true, outcome: 'unknown_deal' });
    // Our path with the other agency's password is refused.
    expect((await deliver({ ...ours, headers: crossed.headers })).statusCode).toBe(401);
    expect((await t.deps.db.attendance.findUniqueOrThrow({ where: { id: a } })).valueCents).toBe(100_000);
    expect((await deliver(ours)).json().outcome).toBe('applied');
    expect((await t.deps.db.attendance.findUniqueOrThrow({ where: { id: a } })).valueCents).toBe(999_900);

    // A deal someone made on Pipedrive: no attendance is made from it.
    const before = await t.deps.db.attendance.count();
    const made = {
      ...ours,
      body: {
        ...ours.body,
        meta: { ...(ours.body.meta as object), action: 'create', entity_id: '999999' },
        data: { id: 999_999, value: 1 },
      },
    };
    expect((await deliver(made)).json().outcome).toBe('unknown_deal');
    expect(await t.deps.db.attendance.count()).toBe(before);
    await ok(await call('DELETE', '/api/integrations/pipedrive', {}, outra));
  });
});

describe('a token revoked on Pipedrive', () => {
  it('stops every job, tells the agent in plain words, and mails the owner once', async () => {
    // The token is revoked on Pipedrive as a backfill starts.
    await t.deps.db.attendance.createMany({
      data: ['A', 'B', 'C'].map((x) => ({
        companyId: ids.company,
        clientId: ids.client,
        ownerUserId: ids.colab,
        title: `Sem negócio ${x}`,
      })),
    });
    fake.revoke();
    expect(await ok<PipedriveBackfillState>(await call('POST', '/api/integrations/pipedrive/backfill', {}))).toMatchObject({ total: 3 });
    const made = [await attendance({ title: 'Um' }), await attendance({ title: 'Dois' }), await attendance({ title: 'Três' })];
    await t.platform.jobs.drain();
    for (const a of made) expect(await sync(a)).toMatchObject({ state: 'error', error: PIPEDRIVE_MESSAGES.tokenInvalid });
    expect(await integration()).toMatchObject({ status: 'token_invalid', last_error: PIPEDRIVE_MESSAGES.tokenInvalid });
    expect((await connection()).backfillFinishedAt).toBeNull();

    // Nothing more goes to Pipedrive: not the pushes, not a backfill, not the reconcile.
    const from = fake.calls.length;
    await ok(await call('PATCH', `/api/attendances/${made[0]}`, { title: 'Um de novo' }, tokens.colab));
    expect((await call('POST', '/api/integrations/pipedrive/backfill', {})).statusCode).toBe(409);
    await reconcileAllJob.handle({}, t.jobDeps(), jobRun());
    await t.platform.jobs.drain();
    expect(fake.calls.slice(from)).toEqual([]);

    const mails = await t.mailsTo(DEMO.users.owner);
    const alerts = mails.filter((m) => m.subject === 'O Pipedrive deixou de aceitar o token da agência');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('Meu perfil > Integrações: http://localhost:3000/perfil');
    expect((await t.mailsTo(DEMO.users.colaborador)).filter((m) => m.subject.includes('Pipedrive'))).toEqual([]);
  });

  it('reconnecting resumes the stopped backfill and the pushes; a later refusal is a new e-mail', async () => {
    fake.restore();
    await ok(await call('PUT', '/api/integrations/pipedrive', { api_token: fake.token }));
    await t.platform.jobs.drain();
    expect(await integration()).toMatchObject({
      status: 'active',
      last_error: null,
      backfill: { running: false, total: 3, done: 3, finished_at: expect.any(String) },
    });
    const a = await attendance({ title: 'De volta' });
    await t.platform.jobs.drain();
    expect(await sync(a)).toMatchObject({ state: 'synced' });

    fake.revoke();
    await attendance({ title: 'Recusado de novo' });
    await t.platform.jobs.drain();
    const alerts = (await t.mailsTo(DEMO.users.owner)).filter((m) => m.subject === 'O Pipedrive deixou de aceitar o token da agência');
    expect(alerts).toHaveLength(2);
  });
});
