// The system company's 'Filas' (tRPC queues.*) over HTTP, on both kinds of queue: a mail job fails
// for real (the mail server refuses it on every attempt), shows up as failed, and once the mail
// server is back its retry runs it again and the mail goes out.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, useTestApp } from '../../../test/harness';
import { startSmtpSink } from '../../../test/smtp-sink';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const MAIL_JOB = 'auth.password-reset-mail';

const failedInput = (page = 1, perPage = 10) => encodeURIComponent(JSON.stringify({ page, per_page: perPage }));

function queueSuite(kind: 'embedded' | 'bullmq', env: Record<string, string>, exhaust: (t: TestApp) => Promise<void>) {
  // The app's mail goes to a sink this file can turn away; set before the app reads env.
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    env.SMTP_URL = sink.url;
    return () => sink.close();
  });
  const t = useTestApp(env);

  const call = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await t.call(method, `/trpc/queues.${path}`, { token, body });
    return { status: res.statusCode, body: res.json() };
  };

  it('is refused to agency staff with 403 and to anyone without a session with 401', async () => {
    for (const email of [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador]) {
      const token = await t.tokenFor(email);
      for (const [method, path, body] of [
        ['GET', 'counts'],
        ['GET', `failed?input=${failedInput()}`],
        ['POST', 'retry', { id: '1' }],
      ] as const) {
        const res = await call(token, method, path, body);
        expect(res.status, `${email} ${path}`).toBe(403);
        expect(res.body.error.data).toMatchObject({ code: 'FORBIDDEN', message: 'Proibido' });
      }
    }
    expect((await t.call('GET', '/trpc/queues.counts')).statusCode).toBe(401);
  });

  it(`a job that failed on every attempt is listed, and its retry runs it again (${kind})`, { timeout: 90_000 }, async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const owner = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner }, select: { id: true } });
    await t.platform.jobs.drain();
    const before = (await call(root, 'GET', 'counts')).body.result.data;
    expect(before).toMatchObject({ kind, counts: { failed: 0, active: 0 } });

    sink.refuse(true);
    expect((await t.call('POST', '/api/forgot/password', { body: { email: DEMO.users.owner } })).statusCode).toBe(200);
    await exhaust(t);

    const counts = (await call(root, 'GET', 'counts')).body.result.data;
    expect(counts.counts).toMatchObject({ failed: 1, waiting: 0, active: 0 });
    const failed = (await call(root, 'GET', `failed?input=${failedInput()}`)).body.result.data;
    expect(failed.pagination).toMatchObject({ total_count: 1, current_page: 1, total_pages: 1 });
    const [job] = failed.jobs;
    expect(job).toMatchObject({ name: MAIL_JOB, payload: { user_id: owner.id }, attempts: 5, max_attempts: 5 });
    expect(job.error).toMatch(/451/);
    expect(Math.abs(Date.parse(job.failed_at) - Date.now())).toBeLessThan(60_000);
    expect(sink.received.filter((m) => m.to === DEMO.users.owner)).toEqual([]);

    sink.refuse(false);
    const retried = await call(root, 'POST', 'retry', { id: job.id });
    expect(retried).toMatchObject({ status: 200, body: { result: { data: { id: job.id } } } });
    const mails = () => sink.received.filter((m) => m.to === DEMO.users.owner);
    await expect
      .poll(
        async () => {
          await t.platform.jobs.drain();
          await sink.settled();
          return mails().length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(mails()[0]?.text).toMatch(/definir-senha\//);

    const after = (await call(root, 'GET', 'counts')).body.result.data.counts;
    expect(after).toMatchObject({ failed: 0, completed: before.counts.completed + 1 });
    expect((await call(root, 'GET', `failed?input=${failedInput()}`)).body.result.data.jobs).toEqual([]);
    // Done now, so no longer retried; nor is a job the queue does not hold.
    for (const id of [job.id, '987654321', 'nao-existe']) {
      const res = await call(root, 'POST', 'retry', { id });
      expect(res.status, id).toBe(404);
    }
  });
}

describe('queues on the embedded queue', () => {
  queueSuite('embedded', { REDIS_URL: '' }, async (t) => {
    // Each failed attempt waits its backoff (seconds): let it pass at once, attempt by attempt.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await t.platform.jobs.drain();
      await t.deps.db.embeddedJob.updateMany({ where: { doneAt: null, name: MAIL_JOB }, data: { runAt: new Date() } });
    }
    await t.platform.jobs.drain();
  });
});

describe.runIf(process.env.REDIS_URL)('queues on BullMQ (REDIS_URL)', () => {
  // BullMQ's own backoff between attempts (1 + 2 + 4 + 8 s), waited for.
  queueSuite('bullmq', {}, async (t) => {
    await expect.poll(async () => (await t.platform.jobs.counts()).failed, { timeout: 40_000, interval: 250 }).toBe(1);
  });
});
