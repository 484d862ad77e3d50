// The one-time links sent by e-mail (password reset, registration), minted by the mail's job when it runs.
import type { AuthTokenPurpose, Db } from '@app/db';
import type { Mailer, MailMessage } from '../../platform/mail';
import { newOneTimeToken } from './tokens';

/**
 * Mints a one-time token for the user (only its hash is stored, valid for `ttlMs`) and sends the
 * mail `build` makes with it. A mail that fails to go out takes its token along: no token stays
 * valid that no one was sent.
 */
export async function sendOneTimeLink(
  deps: { db: Db; mailer: Mailer },
  link: { userId: number; purpose: AuthTokenPurpose; ttlMs: number },
  build: (token: string) => Promise<MailMessage>,
): Promise<void> {
  const { token, tokenHash } = newOneTimeToken();
  const { id } = await deps.db.authToken.create({
    data: { userId: link.userId, purpose: link.purpose, tokenHash, expiresAt: new Date(Date.now() + link.ttlMs) },
    select: { id: true },
  });
  try {
    await deps.mailer.send(await build(token));
  } catch (error) {
    await deps.db.authToken.delete({ where: { id } });
    throw error;
  }
}
