// Security-critical: tenant filters only. Every read and write of a currency quote goes through
// them, with the signed-in user's company: an agency sees the system's quotes (company_id null) and
// its own, and types only its own; super_admin keeps the system's.
import type { Prisma } from '@app/db';
import type { FeatureMap, Role } from '@app/shared';

export type QuoteCaller = { userId: number; companyId: number; role: Role; features: FeatureMap };

/**
 * Security-critical: whose quotes the caller's agency works with. The system's (null) for super_admin
 * and for an agency whose plan has cambio_sistema (read from the current subscription, as
 * requireFeature does); otherwise the agency's own, kept by hand.
 */
export function quoteOwnerOf(caller: QuoteCaller): number | null {
  return caller.role === 'super_admin' || caller.features.cambio_sistema ? null : caller.companyId;
}

/** Security-critical: the quotes of one owner (null: the system's). */
export function ownedQuotesWhere(owner: number | null): Prisma.CurrencyQuoteWhereInput {
  return { companyId: owner };
}

/** Security-critical: a quote the caller sees: a system one, or one of its agency; another agency's never matches. */
export function quoteWhere(companyId: number, id: number): Prisma.CurrencyQuoteWhereInput {
  return { id, OR: [{ companyId: null }, { companyId }] };
}
