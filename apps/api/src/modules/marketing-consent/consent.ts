// A client's consent to marketing e-mails (LGPD): given with its date and source, withdrawn with its
// date. Marketing (the budget reminder follow-up) goes only while given and not withdrawn;
// transactional mail (budget sent, vouchers, contract, installment reminder) goes regardless.
import { Prisma } from '@app/db';
import type { MarketingConsent, MarketingConsentSource } from '@app/shared';

export type ConsentColumns = {
  marketingConsentAt: Date | null;
  marketingConsentSource: MarketingConsentSource | null;
  marketingConsentWithdrawnAt: Date | null;
};

export const consentSelect = { marketingConsentAt: true, marketingConsentSource: true, marketingConsentWithdrawnAt: true } as const;

/** Given and not withdrawn. */
export const consentGranted = (c: ConsentColumns) => c.marketingConsentAt !== null && c.marketingConsentWithdrawnAt === null;

/** The same in SQL, for the client aliased `alias`. */
export const consentGrantedSql = (alias: string) =>
  Prisma.sql`${Prisma.raw(alias)}.marketing_consent_at IS NOT NULL AND ${Prisma.raw(alias)}.marketing_consent_withdrawn_at IS NULL`;

export function toMarketingConsent(c: ConsentColumns): MarketingConsent {
  return {
    granted: consentGranted(c),
    granted_at: c.marketingConsentAt?.toISOString() ?? null,
    source: c.marketingConsentSource,
    withdrawn_at: c.marketingConsentWithdrawnAt?.toISOString() ?? null,
  };
}

/**
 * The columns a write sets for the consent `wanted` (undefined: unchanged). Giving it again after a
 * withdrawal is a new consent (new date and source); a standing one keeps its date and source.
 */
export function consentChange(
  current: ConsentColumns | null,
  wanted: boolean | undefined,
  source: MarketingConsentSource,
  now = new Date(),
): Partial<ConsentColumns> {
  if (wanted === undefined) return {};
  const granted = current !== null && consentGranted(current);
  if (wanted && !granted) return { marketingConsentAt: now, marketingConsentSource: source, marketingConsentWithdrawnAt: null };
  if (!wanted && granted) return { marketingConsentWithdrawnAt: now };
  return {};
}
