import { REGISTRATION_TTL_DAYS } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { sendOneTimeLink } from '../access/one-time-links';

/**
 * The registration e-mail of a pending user (new staff, a new agency's owner, someone reactivated
 * who never set a password): confirm (and set a password) or deny. Its link is minted when the job
 * runs, so the queue holds the user's id only. A retry mints a new link: a failed attempt's token
 * is deleted with its unsent mail; if a mail did go out and the job still failed, the user holds
 * two links, and answering through either ends both (the user is no longer pending). Nothing is
 * sent once the user is no longer pending.
 */
export const registrationMailJob: JobDefinition<{ user_id: number }> = {
  name: 'users.registration-mail',
  payload: z.strictObject({ user_id: z.number().int().positive() }),
  async handle({ user_id }, { db, mailer, config }, run) {
    const user = await db.user.findFirst({
      where: { id: user_id, status: 'pending' },
      select: { id: true, name: true, email: true, company: { select: { name: true } } },
    });
    if (!user) return;
    await sendOneTimeLink(
      { db, mailer },
      run,
      { userId: user.id, purpose: 'registration', ttlMs: REGISTRATION_TTL_DAYS * 86_400_000 },
      async (token) => (await import('./users.mails')).registrationMail(config.appUrl, user.email, user.name, user.company.name, token),
    );
  },
};

export const usersJobs = [registrationMailJob] as JobDefinition<unknown>[];
