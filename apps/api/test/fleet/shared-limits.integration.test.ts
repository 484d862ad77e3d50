// Two API apps on one database and one Redis, as two processes of the fleet: the send limits, the
// access-log beacon's clock and the exchange-rate refresh's turn are one count for both. Needs Redis
// (REDIS_URL), as CI has; each app has its own database client.
import { randomUUID } from 'node:crypto';
import { createPrismaClient, type PrismaClient } from '@app/db';
import { DEMO } from '@app/db/seed';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { SEND_LIMITS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { beaconClockKey } from '../../src/modules/access-logs/access-logs.service';
import { sendLimitKeys } from '../../src/send-limits';
import { type FakeExchangeRates, startFakeExchangeRates } from '../fake-exchange-rates';
import { startSmtpSink } from '../smtp-sink';

describe.skipIf(!process.env.REDIS_URL)('two API processes on one Redis share the limits', () => {
  let database: TestDatabase;
  let secondClient: PrismaClient;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let fake: FakeExchangeRates;
  const apps: BuiltApp[] = [];
  const owner = { id: 0, companyId: 0, token: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    fake = await startFakeExchangeRates();
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      APP_URL: 'http://localhost:3000',
      SMTP_URL: sink.url,
      EXCHANGE_RATE_API_URL: fake.url,
      CURRENCY_QUOTES_REFRESH_MINUTES: '0',
      CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS: '300',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      OVERDUE_SWEEP_INTERVAL_MINUTES: '0',
    });
    // One queue name, as the processes of one deployment have: the limiters' keys are under it.
    const queueName = `test-${randomUUID()}`;
    secondClient = createPrismaClient(database.url);
    apps.push(await buildApp(config, database.prisma, { queueName }), await buildApp(config, secondClient, { queueName }));
    for (const built of apps) await built.app.ready();
    await apps[0]?.platform.jobs.start();
    const row = await database.prisma.user.findUniqueOrThrow({ where: { email: DEMO.users.owner }, select: { id: true, companyId: true } });
    const login = await call(0, 'POST', '/api/login', { body: { email: DEMO.users.owner, password: DEMO.password } });
    Object.assign(owner, row, { token: login.json().token });
  });

  afterAll(async () => {
    for (const built of apps) await built.app.close();
    await secondClient?.$disconnect();
    await database?.drop();
    await sink?.close();
    await fake?.close();
  });

  function call(app: 0 | 1, method: string, url: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
    const built = apps[app] as BuiltApp;
    return built.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(owner.token ? { authorization: `Bearer ${owner.token}` } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  }
  const platform = (app: 0 | 1) => (apps[app] as BuiltApp).platform;

  it("recipients spent through one process count in the other's limit", async () => {
    const key = sendLimitKeys({ user: { id: owner.id }, companyId: owner.companyId }).userHour;
    await platform(0).sendLimiters.userHour.consume(key, SEND_LIMITS.recipientsPerUserPerHour);
    const invite = (email: string) => call(1, 'POST', '/api/users', { body: { user: { name: 'Convidada', email, role: 'colaborador' } } });
    const users = await database.prisma.user.count();
    expect((await invite(`frota-${randomUUID()}@exemplo.test`)).statusCode).toBe(429);
    expect(await database.prisma.user.count()).toBe(users);

    await platform(1).sendLimiters.userHour.delete(key);
    const email = `frota-${randomUUID()}@exemplo.test`;
    expect((await invite(email)).statusCode).toBe(200);
    expect((await platform(0).sendLimiters.userHour.get(key))?.consumedPoints).toBe(1);
    await platform(0).jobs.drain();
    await sink.settled();
    expect(sink.received.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('a beacon through one process credits nothing right after one through the other', async () => {
    await platform(0).beaconClock.swap(beaconClockKey(owner.id), 0);
    const beacon = (app: 0 | 1, controller: string) =>
      call(app, 'POST', '/api/access-logs', {
        body: `access_log[user_id]=${owner.id}&access_log[controller]=${controller}&access_log[active_time]=600`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await beacon(0, 'clientes')).statusCode).toBe(204);
    expect((await beacon(1, 'tarefas')).statusCode).toBe(204);
    const rows = await database.prisma.accessLog.findMany({ where: { userId: owner.id }, select: { controller: true, activeTime: true } });
    expect(rows).toEqual([{ controller: 'clientes', activeTime: 600 }]);
  });

  it('one exchange-rate refresh per interval across both processes', async () => {
    expect((await call(0, 'PATCH', '/api/currency_quotes_params/update_quotes', { body: {} })).statusCode).toBe(200);
    expect((await call(1, 'PATCH', '/api/currency_quotes_params/update_quotes', { body: {} })).statusCode).toBe(200);
    expect(fake.calls).toHaveLength(1);
  });
});
