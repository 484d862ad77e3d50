import type { Prisma } from '@app/db';

/**
 * Security-critical: an agency reaches its subscription and checkout sessions only through
 * these filters, with the company id of the signed-in user (never one sent by the client).
 */
export const subscriptionWhere = (companyId: number) => ({ companyId }) satisfies Prisma.SubscriptionWhereUniqueInput;

export const checkoutSessionWhere = (companyId: number, id: string) => ({ id, companyId }) satisfies Prisma.CheckoutSessionWhereInput;
