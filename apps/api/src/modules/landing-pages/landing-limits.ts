// The public landing routes' rate limits, per client address (platform's limiters; Redis when
// configured, so every process shares the count). The PDF route (budget-documents) and the page's
// HTML (landing-html.ts) read through the same read limit: a page, its data and its PDF share one budget.
import { LANDING_PAGE_MESSAGES } from '@app/shared';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../errors';
import type { Platform } from '../../platform';

const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS', { message: LANDING_PAGE_MESSAGES.tooManyRequests });

/** Spends a point of `key`: null when allowed, else the seconds until the limit lets it through. */
async function refusal(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    // rate-limiter-flexible rejects with its result when the points are spent, with an Error when the store failed.
    if (!(error instanceof RateLimiterRes)) throw error;
    return Math.ceil(error.msBeforeNext / 1000);
  }
}

async function consume(limiter: RateLimiterAbstract, key: string) {
  if ((await refusal(limiter, key)) !== null) throw tooManyRequests();
}

const readKey = (ip: string) => `read:${ip}`;

/** One read of a landing page or its PDF by `ip`; 429 with LANDING_PAGE_MESSAGES.tooManyRequests past the limit. */
export const consumeLandingRead = (platform: Pick<Platform, 'landingReadLimiter'>, ip: string) =>
  consume(platform.landingReadLimiter, readKey(ip));

/** The same read, for an answer that is not an error body (the page's HTML): the seconds to wait past the limit, else null. */
export const landingReadRefusal = (platform: Pick<Platform, 'landingReadLimiter'>, ip: string) =>
  refusal(platform.landingReadLimiter, readKey(ip));

/** One acceptance attempt by `ip`. */
export const consumeLandingAccept = (platform: Pick<Platform, 'landingAcceptLimiter'>, ip: string) =>
  consume(platform.landingAcceptLimiter, `accept:${ip}`);
