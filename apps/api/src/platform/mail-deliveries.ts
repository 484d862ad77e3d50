import type { Db } from '@app/db';
import { z } from 'zod';
import type { JobDefinition, JobRun, JobSchedule } from './jobs';
import type { Mailer, MailMessage } from './mail';

/** A claim older than this belongs to a run that died (a mail is sent in seconds): another run may take it. */
const STALE_CLAIM = '10 minutes';

/**
 * Sends the mail of the effect `key` (a mailing's id, a notice, or the job run itself) once across
 * every run and process: the run claims the key first, so a repeated job skips it, while the retry
 * of this same job (its worker killed mid-send) takes its claim back and sends. Only a process
 * killed between the SMTP server's acceptance and the `sent_at` write can send it twice; the
 * Message-ID made from the key lets the receiving side see that it is the same mail.
 * `build` returns null when, as things are when the job runs, nothing should be sent.
 * Resolves true once the mail has gone out (by this run or an earlier one), so the caller can mark it.
 */
export async function deliverOnce(
  deps: { db: Db; mailer: Mailer },
  run: JobRun,
  key: string,
  build: () => Promise<MailMessage | null>,
): Promise<boolean> {
  const claimed = await deps.db.$queryRaw<{ key: string }[]>`
    INSERT INTO mail_deliveries (key, job_run) VALUES (${key}, ${run.key})
    ON CONFLICT (key) DO UPDATE SET job_run = EXCLUDED.job_run, claimed_at = now()
      WHERE mail_deliveries.sent_at IS NULL
        AND (mail_deliveries.job_run = EXCLUDED.job_run OR mail_deliveries.claimed_at < now() - ${STALE_CLAIM}::interval)
    RETURNING key`;
  if (claimed.length === 0) {
    const row = await deps.db.mailDelivery.findUnique({ where: { key }, select: { sentAt: true } });
    return !!row?.sentAt;
  }
  const release = () => deps.db.mailDelivery.deleteMany({ where: { key, jobRun: run.key, sentAt: null } });
  try {
    const message = await build();
    if (!message) {
      await release();
      return false;
    }
    await deps.mailer.send({ ...message, messageId: messageIdOf(key) });
  } catch (error) {
    await release();
    throw error;
  }
  await deps.db.mailDelivery.update({ where: { key }, data: { sentAt: new Date() } });
  return true;
}

/** A Message-ID of the key's own characters (a dot-atom: no colons). */
function messageIdOf(key: string): string {
  return `<${key.replace(/[^A-Za-z0-9.-]/g, '.')}@agenciacrm.mail>`;
}

/** Deliveries matter only while a job may still retry: a month is ample. Daily. */
const pruneMailDeliveriesJob: JobDefinition<Record<string, never>> = {
  name: 'platform.prune-mail-deliveries',
  payload: z.strictObject({}),
  async handle(_payload, { db }) {
    await db.mailDelivery.deleteMany({ where: { claimedAt: { lt: new Date(Date.now() - 30 * 86_400_000) } } });
  },
};

export const mailDeliveriesJobs = [pruneMailDeliveriesJob] as JobDefinition<unknown>[];
export const mailDeliveriesSchedules = [{ job: pruneMailDeliveriesJob, payload: {}, everyMs: 24 * 3_600_000 }] as JobSchedule<unknown>[];
