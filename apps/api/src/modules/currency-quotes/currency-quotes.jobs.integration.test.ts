// The scheduled refresh of the system's quotes, against a local fake of the exchange-rate service:
// the app's queue (BullMQ with REDIS_URL, else the embedded one) runs it at start and not again
// before its interval; embedded queues of several processes keep one pending run between them.
import { TRACKED_CURRENCIES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExchangeRates, startFakeExchangeRates } from '../../../test/fake-exchange-rates';
import { useTestApp } from '../../../test/harness';
import { embeddedQueue, type JobDefinition, type JobQueue } from '../../platform/jobs';
import { currencyQuotesSchedules, refreshCurrencyQuotesJob } from './currency-quotes.jobs';

// The fake's address is only known once it listens: this hook, registered before useTestApp's, fills the env.
const env: Record<string, string> = { CURRENCY_QUOTES_REFRESH_MINUTES: '60' };
let fake: FakeExchangeRates;
beforeAll(async () => {
  fake = await startFakeExchangeRates();
  fake.createDate = '2026-01-05 10:00:00';
  env.EXCHANGE_RATE_API_URL = fake.url;
});
afterAll(() => fake.close());

const t = useTestApp(env);

const systemUsd = () => t.deps.db.currencyQuote.findFirst({ where: { companyId: null, currency: 'USD' } });

describe('the scheduled refresh of the system quotes', () => {
  it("runs on the app's queue as soon as it starts, and not again before its interval", async () => {
    await t.platform.jobs.drain();
    expect(fake.calls).toHaveLength(1);
    expect(await systemUsd()).toMatchObject({ source: 'automatic' });
    expect((await systemUsd())?.rate?.toNumber()).toBe(5.3412);
    expect(await t.deps.db.currencyQuote.count({ where: { companyId: null } })).toBe(TRACKED_CURRENCIES.length);
    await t.platform.jobs.drain();
    expect(fake.calls).toHaveLength(1);
  });

  describe('on the embedded queue of several processes', () => {
    const name = refreshCurrencyQuotesJob.name;
    const queues: JobQueue[] = [];
    const schedules = () => currencyQuotesSchedules(t.deps.config);
    const newProcess = () => {
      const deps = {
        db: t.deps.db,
        mailer: t.platform.mailer,
        log: { error: () => undefined },
        config: t.deps.config,
        payments: t.platform.payments,
      };
      const queue = embeddedQueue([refreshCurrencyQuotesJob] as JobDefinition<unknown>[], deps as never, 60_000, schedules());
      queues.push(queue);
      return queue;
    };
    beforeAll(async () => {
      // The app's own queue, when embedded, would take these rows too.
      if (t.platform.jobs.kind === 'embedded') await t.platform.jobs.stop();
      await t.deps.db.embeddedJob.deleteMany({ where: { name } });
    });
    afterAll(async () => {
      for (const q of queues) await q.stop();
    });

    it('keeps one pending run between them, runs it once, then the next one interval later', async () => {
      const [a, b, c] = [newProcess(), newProcess(), newProcess()];
      await Promise.all([a.start(), b.start(), c.start()]);
      const pending = await t.deps.db.embeddedJob.findMany({ where: { name, doneAt: null } });
      expect(pending).toHaveLength(1);
      expect(pending[0]?.runAt.getTime()).toBeLessThanOrEqual(Date.now());

      fake.rates.USD = '5.5555';
      fake.createDate = '2026-01-05 11:00:00';
      const calls = fake.calls.length;
      await Promise.all([a.drain(), b.drain(), c.drain()]);
      expect(fake.calls).toHaveLength(calls + 1);
      expect((await systemUsd())?.rate?.toNumber()).toBe(5.5555);

      const rows = await t.deps.db.embeddedJob.findMany({ where: { name }, orderBy: { id: 'asc' } });
      expect(rows).toHaveLength(2);
      const [done, next] = rows;
      expect(done?.doneAt).toBeInstanceOf(Date);
      expect(next?.doneAt).toBeNull();
      expect(next?.runAt.getTime()).toBeGreaterThanOrEqual((done?.doneAt?.getTime() ?? 0) + 60 * 60_000);
      // A process starting now finds the pending run and adds none.
      await newProcess().start();
      expect(await t.deps.db.embeddedJob.count({ where: { name, doneAt: null } })).toBe(1);
    });

    it('a run failing on the service changes nothing, is retried, and once out of attempts the next waits an interval', async () => {
      const [queue] = queues as [JobQueue];
      fake.mode = 'error';
      const before = await t.deps.db.currencyQuote.findMany({ where: { companyId: null }, orderBy: { id: 'asc' } });
      // The pending run is due now, on its last attempt.
      const pending = await t.deps.db.embeddedJob.findFirstOrThrow({ where: { name, doneAt: null } });
      await t.deps.db.embeddedJob.update({ where: { id: pending.id }, data: { runAt: new Date(), attempts: 4 } });
      await queue.drain();
      fake.mode = 'ok';
      const failed = await t.deps.db.embeddedJob.findUniqueOrThrow({ where: { id: pending.id } });
      expect(failed).toMatchObject({ attempts: 5, doneAt: null });
      expect(failed.lastError).toContain('O serviço de cotações não respondeu');
      expect(await t.deps.db.currencyQuote.findMany({ where: { companyId: null }, orderBy: { id: 'asc' } })).toEqual(before);
      const next = await t.deps.db.embeddedJob.findFirstOrThrow({ where: { name, doneAt: null, attempts: 0 } });
      expect(next.runAt.getTime()).toBeGreaterThanOrEqual(failed.runAt.getTime() + 60 * 60_000);
    });
  });
});
