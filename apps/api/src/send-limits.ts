// The limits of outgoing e-mail (SEND_LIMITS), counted in recipients per user and per agency in the
// platform's limiters (Redis when configured: the whole fleet shares the count). Every route that
// makes the system send a message spends them once its input is valid and before anything is
// stored: a refused send is a 429 that records no mailing and queues no job.
import { SEND_LIMITS_TEXT, type SendLimitScope, sendLimitMessage } from '@app/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';
import type { Platform } from './platform';

/** Who sends: the signed-in user and their agency (a procedure's context has both). */
export type Sender = {
  platform: Pick<Platform, 'sendLimiters'>;
  user: { id: number };
  companyId: number;
  /** The 429 carries Retry-After. */
  setHeader(name: string, value: string): void;
};

/** For a route's documented errorResponses. */
export const SEND_LIMIT_ERROR = `Limite de envios atingido: a mensagem diz qual e em quanto tempo tentar de novo (também em \`Retry-After\`, em segundos). ${SEND_LIMITS_TEXT}`;

/** The key of each limiter for a sender (tests spend points through it too). */
export function sendLimitKeys(sender: Pick<Sender, 'user' | 'companyId'>): Record<SendLimitScope, string> {
  return { userHour: `user:${sender.user.id}`, agencyHour: `agency:${sender.companyId}`, agencyDay: `agency:${sender.companyId}` };
}

/** Different addresses, whatever their case: the same mailbox twice is one recipient. */
export const recipientCount = (to: readonly string[]) => new Set(to.map((address) => address.trim().toLowerCase())).size;

const SCOPES: readonly SendLimitScope[] = ['userHour', 'agencyHour', 'agencyDay'];

/**
 * Spends one point per recipient of every limit; past any of them, gives back what this call spent
 * (a refused send counts for nothing) and throws 429 with the limit met and the wait.
 */
export async function consumeRecipients(sender: Sender, recipients: number): Promise<void> {
  const keys = sendLimitKeys(sender);
  const limiters = sender.platform.sendLimiters;
  const spent: SendLimitScope[] = [];
  for (const scope of SCOPES) {
    try {
      spent.push(scope);
      await limiters[scope].consume(keys[scope], recipients);
    } catch (error) {
      // rate-limiter-flexible rejects with its result when the points are spent, with an Error when the store failed.
      if (!(error instanceof RateLimiterRes)) throw error;
      await Promise.all(spent.map((s) => limiters[s].reward(keys[s], recipients)));
      const seconds = Math.ceil(error.msBeforeNext / 1000);
      sender.setHeader('retry-after', String(seconds));
      throw new AppError('TOO_MANY_REQUESTS', { message: sendLimitMessage(scope, seconds) });
    }
  }
}
