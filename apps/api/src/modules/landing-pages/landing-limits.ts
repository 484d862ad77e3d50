// The public landing routes' rate limits, per client address (platform's limiters; Redis when
// configured, so every process shares the count). The PDF route (budget-documents) reads through
// consumeLandingRead too: a page and its PDF share one budget.
import { LANDING_PAGE_MESSAGES } from '@app/shared';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../errors';
import type { Platform } from '../../platform';

const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS', { message: LANDING_PAGE_MESSAGES.tooManyRequests });

async function consume(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
  } catch (error) {
    // rate-limiter-flexible rejects with its result when the points are spent, with an Error when the store failed.
    if (error instanceof Error) throw error;
    throw tooManyRequests();
  }
}

/** One read of a landing page or its PDF by `ip`; 429 with LANDING_PAGE_MESSAGES.tooManyRequests past the limit. */
export const consumeLandingRead = (platform: Pick<Platform, 'landingReadLimiter'>, ip: string) =>
  consume(platform.landingReadLimiter, `read:${ip}`);

/** One acceptance attempt by `ip`. */
export const consumeLandingAccept = (platform: Pick<Platform, 'landingAcceptLimiter'>, ip: string) =>
  consume(platform.landingAcceptLimiter, `accept:${ip}`);
