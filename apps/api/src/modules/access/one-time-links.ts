// The one-time links sent by e-mail (password reset, registration), minted by the mail's job when it runs.
import type { AuthTokenPurpose, Db } from '@app/db';
import type { JobRun } from '../../platform/jobs';
import type { Mailer, MailMessage } from '../../platform/mail';
import { deliverOnce } from '../../platform/mail-deliveries';
import { newOneTimeToken } from './tokens';

/**
 * Mints a one-time token for the user (only its hash is stored, valid for `ttlMs`) and sends the
 * mail `build` makes with it, once for the job run (deliverOnce). A mail that fails to go out takes
 * its token along: no token stays valid that no one was sent.
 */
export async function sendOneTimeLink(
  deps: { db: Db; mailer: Mailer },
  run: JobRun,
  link: { userId: number; purpose: AuthTokenPurpose; ttlMs: number },
  build: (token: string) => Promise<MailMessage>,
): Promise<void> {
  let tokenId: number | undefined;
  try {
    await deliverOnce(deps, run, `${link.purpose}:${run.key}`, async () => {
      const { token, tokenHash } = newOneTimeToken();
      const created = await deps.db.authToken.create({
        data: { userId: link.userId, purpose: link.purpose, tokenHash, expiresAt: new Date(Date.now() + link.ttlMs) },
        select: { id: true },
      });
      tokenId = created.id;
      return build(token);
    });
  } catch (error) {
    if (tokenId) await deps.db.authToken.delete({ where: { id: tokenId } });
    throw error;
  }
}
