import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { sendOneTimeLink } from '../access/one-time-links';

/**
 * The password-reset e-mail of a user who asked for one. Its link is minted when the job runs, so
 * the queue holds the user's id only. A retry mints a new link: a failed attempt's token is deleted
 * with its unsent mail; if a mail did go out and the job still failed, the user holds two links,
 * and resetting through either ends both. Nothing is sent to a user no longer active.
 */
export const passwordResetMailJob: JobDefinition<{ user_id: number }> = {
  name: 'auth.password-reset-mail',
  payload: z.strictObject({ user_id: z.number().int().positive() }),
  async handle({ user_id }, { db, mailer, config }, run) {
    const user = await db.user.findFirst({ where: { id: user_id, status: 'active' }, select: { id: true, name: true, email: true } });
    if (!user) return;
    await sendOneTimeLink(
      { db, mailer },
      run,
      { userId: user.id, purpose: 'password_reset', ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000 },
      async (token) => (await import('./auth.mails')).passwordResetMail(config.appUrl, user.email, user.name, token),
    );
  },
};

export const authJobs = [passwordResetMailJob] as JobDefinition<unknown>[];
