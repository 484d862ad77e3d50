// The agency's side of the landing page: what the customer did with the link, and the link itself.
import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db';
import { type BudgetAcceptedInfo, landingPagePath } from '@app/shared';
import { notFound } from '../../errors';
import { agencyBudgetWhere } from './landing-pages.where';

const RECENT = 20;

/** GET /api/budgets/{id}/accepted-info: who accepted which proposal, when and from where; the visits and the e-mails sent. */
export async function acceptedInfo(db: Db, companyId: number, budgetId: number): Promise<BudgetAcceptedInfo> {
  const budget = await db.budget.findFirst({
    where: agencyBudgetWhere(companyId, budgetId),
    select: {
      id: true,
      status: true,
      landingPageId: true,
      landingPageEnabled: true,
      landingViewsCount: true,
      landingLastViewedAt: true,
      acceptedAt: true,
      acceptedByName: true,
      acceptedByEmail: true,
      acceptedIp: true,
      acceptedUserAgent: true,
      acceptedPaymentMethodId: true,
      acceptedInstallments: true,
      acceptedProposal: { select: { id: true, title: true } },
      landingViews: { select: { viewedAt: true, userAgent: true }, orderBy: [{ viewedAt: 'desc' }, { id: 'desc' }], take: RECENT },
      mailings: {
        select: { id: true, kind: true, recipients: true, proposalIds: true, sentAt: true, createdAt: true },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: RECENT,
      },
    },
  });
  if (!budget) throw notFound();
  const method = budget.acceptedPaymentMethodId
    ? await db.paymentMethod.findFirst({ where: { id: budget.acceptedPaymentMethodId, companyId }, select: { id: true, name: true } })
    : null;
  // Distinct visitors of the budget (views from before visits were counted have no key and are left out).
  const [visitors] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(DISTINCT visitor_key)::int AS count FROM budget_landing_views WHERE budget_id = ${budget.id}`;
  return {
    budget_id: budget.id,
    status: budget.status,
    landing_page: { id: budget.landingPageId, enabled: budget.landingPageEnabled, path: landingPagePath(budget.landingPageId) },
    accepted: budget.acceptedAt
      ? {
          proposal: budget.acceptedProposal,
          name: budget.acceptedByName,
          email: budget.acceptedByEmail,
          accepted_at: budget.acceptedAt.toISOString(),
          ip: budget.acceptedIp,
          user_agent: budget.acceptedUserAgent,
          payment_method: method,
          installments: budget.acceptedInstallments,
        }
      : null,
    views: {
      count: budget.landingViewsCount,
      unique_visitors: visitors?.count ?? 0,
      last_viewed_at: budget.landingLastViewedAt?.toISOString() ?? null,
      recent: budget.landingViews.map((v) => ({ viewed_at: v.viewedAt.toISOString(), user_agent: v.userAgent })),
    },
    mailings: budget.mailings.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipients: m.recipients,
      proposal_ids: m.proposalIds,
      sent_at: m.sentAt?.toISOString() ?? null,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

async function setLink(db: Db, companyId: number, budgetId: number, data: { landingPageId?: string; landingPageEnabled: boolean }) {
  const updated = await db.budget.updateMany({ where: agencyBudgetWhere(companyId, budgetId), data });
  if (updated.count === 0) throw notFound();
  const budget = await db.budget.findFirstOrThrow({
    where: agencyBudgetWhere(companyId, budgetId),
    select: { landingPageId: true, landingPageEnabled: true },
  });
  return { landing_page_id: budget.landingPageId, enabled: budget.landingPageEnabled };
}

/** POST /api/budgets/{id}/landing-page: a new link; the old one stops answering at once. */
export const reissueLink = (db: Db, companyId: number, budgetId: number) =>
  setLink(db, companyId, budgetId, { landingPageId: randomUUID(), landingPageEnabled: true });

/** DELETE /api/budgets/{id}/landing-page: the link stops answering (POST makes a new one). */
export const revokeLink = (db: Db, companyId: number, budgetId: number) => setLink(db, companyId, budgetId, { landingPageEnabled: false });
