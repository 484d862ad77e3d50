// Security-critical: tenant filters only. An agency reaches its subscription and checkout sessions
// only through them, with the company id of the signed-in user (never one sent by the client).
import type { Prisma } from '@app/db';

export const subscriptionWhere = (companyId: number) => ({ companyId }) satisfies Prisma.SubscriptionWhereUniqueInput;

export const checkoutSessionWhere = (companyId: number, id: string) => ({ id, companyId }) satisfies Prisma.CheckoutSessionWhereInput;
