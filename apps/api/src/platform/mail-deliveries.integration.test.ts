// Each e-mail of a job goes out once across runs and processes: the retry of a killed run sends
// it, a duplicate job does not, a stale claim is taken over, and the Message-ID follows the key.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jobRun, useTestApp } from '../../test/harness';
import { deliverOnce } from './mail-deliveries';

const t = useTestApp();

function mail(to: string) {
  return async () => ({ to, subject: 'Teste de entrega única', text: 'Olá' });
}

describe('deliverOnce', () => {
  it('sends once per key: a second job skips it, and the Message-ID is made from the key', async () => {
    const to = `unica-${randomUUID()}@exemplo.test`;
    const key = `test-mail:${randomUUID()}`;
    const deps = { db: t.deps.db, mailer: t.platform.mailer };
    expect(await deliverOnce(deps, jobRun(), key, mail(to))).toBe(true);
    // Another job for the same effect: already delivered, nothing sent.
    expect(await deliverOnce(deps, jobRun(), key, mail(to))).toBe(true);
    const mails = await t.mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.messageId).toBe(`<${key.replace(':', '.')}@agenciacrm.mail>`);
    expect((await t.deps.db.mailDelivery.findUniqueOrThrow({ where: { key } })).sentAt).not.toBeNull();
  });

  it("the retry of a killed run sends what it had claimed; another job waits for the claim's owner", async () => {
    const to = `morto-${randomUUID()}@exemplo.test`;
    const key = `test-mail:${randomUUID()}`;
    const killed = jobRun();
    // The claim a worker wrote before it was killed (SIGKILL: no release, no sent_at).
    await t.deps.db.mailDelivery.create({ data: { key, jobRun: killed.key } });
    const deps = { db: t.deps.db, mailer: t.platform.mailer };
    expect(await deliverOnce(deps, jobRun(), key, mail(to))).toBe(false);
    expect(await t.mailsTo(to)).toHaveLength(0);
    expect(await deliverOnce(deps, { ...killed, attempt: 2 }, key, mail(to))).toBe(true);
    expect(await t.mailsTo(to)).toHaveLength(1);
  });

  it('a stale claim (its run died long ago) is taken over by another job', async () => {
    const to = `antigo-${randomUUID()}@exemplo.test`;
    const key = `test-mail:${randomUUID()}`;
    await t.deps.db.mailDelivery.create({ data: { key, jobRun: 'bullmq:gone', claimedAt: new Date(Date.now() - 11 * 60_000) } });
    expect(await deliverOnce({ db: t.deps.db, mailer: t.platform.mailer }, jobRun(), key, mail(to))).toBe(true);
    expect(await t.mailsTo(to)).toHaveLength(1);
  });

  it('a failed send or nothing to send releases the key for the next run', async () => {
    const to = `falha-${randomUUID()}@exemplo.test`;
    const key = `test-mail:${randomUUID()}`;
    const broken = { kind: 'smtp' as const, send: () => Promise.reject(new Error('SMTP fora do ar')) };
    await expect(deliverOnce({ db: t.deps.db, mailer: broken }, jobRun(), key, mail(to))).rejects.toThrow('SMTP fora do ar');
    expect(await t.deps.db.mailDelivery.count({ where: { key } })).toBe(0);
    expect(await deliverOnce({ db: t.deps.db, mailer: t.platform.mailer }, jobRun(), key, async () => null)).toBe(false);
    expect(await t.deps.db.mailDelivery.count({ where: { key } })).toBe(0);
    expect(await deliverOnce({ db: t.deps.db, mailer: t.platform.mailer }, jobRun(), key, mail(to))).toBe(true);
    expect(await t.mailsTo(to)).toHaveLength(1);
  });
});
