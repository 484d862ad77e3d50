// Security-critical (tenant filter): the agent filter of the dashboard's statement. Every table it
// reads is filtered by the caller's company in the statement itself; these add the agent, and the
// joins that tie a payment, an installment or a reservation to its sale's seller (of that company).
import { Prisma } from '@app/db';

export function dashboardScope(companyId: number, userId: number | undefined) {
  if (userId === undefined) {
    return {
      agentFound: Prisma.sql`true`,
      owner: (_alias: Prisma.Sql) => Prisma.empty,
      seller: (_alias: Prisma.Sql) => Prisma.empty,
      paymentSeller: Prisma.empty,
      receivableSeller: Prisma.empty,
      reservationSeller: Prisma.empty,
    };
  }
  const sellerSale = (on: Prisma.Sql) =>
    Prisma.sql`JOIN sales ss ON ss.id = ${on} AND ss.company_id = ${companyId} AND ss.seller_user_id = ${userId}`;
  return {
    agentFound: Prisma.sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.company_id = ${companyId})`,
    owner: (alias: Prisma.Sql) => Prisma.sql`AND ${alias}.owner_user_id = ${userId}`,
    seller: (alias: Prisma.Sql) => Prisma.sql`AND ${alias}.seller_user_id = ${userId}`,
    paymentSeller: Prisma.sql`JOIN receivables pr ON pr.id = p.receivable_id ${sellerSale(Prisma.sql`pr.sale_id`)}`,
    receivableSeller: sellerSale(Prisma.sql`rc.sale_id`),
    reservationSeller: sellerSale(Prisma.sql`r.sale_id`),
  };
}
