// Security-critical (tenant filter): the agent filter of the dashboard's statement. Every table it
// reads is filtered by the caller's company in the statement itself; this adds the agent: the stats
// rows of the agent (user 0 holds the whole agency's), once the agent is known to be of that company.
import { Prisma } from '@app/db';

export function dashboardScope(companyId: number, userId: number | undefined) {
  if (userId === undefined) return { agentFound: Prisma.sql`true`, statUser: 0 };
  return {
    agentFound: Prisma.sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.company_id = ${companyId})`,
    statUser: userId,
  };
}
