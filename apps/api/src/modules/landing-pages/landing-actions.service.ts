// What the customer does on the landing page: open it (a counted visit) and accept a proposal.
import { createHmac } from 'node:crypto';
import type { Db } from '@app/db';
import { type AcceptBudgetInput, installmentOptions, LANDING_PAGE_MESSAGES, LANDING_VISIT_WINDOW_MINUTES } from '@app/shared';
import { isbot } from 'isbot';
import { AppError, fieldError } from '../../errors';
import type { JobQueue } from '../../platform/jobs';
import { refreshBudgetTotals } from '../budgets/budget-totals.service';
import { consentChange, consentSelect } from '../marketing-consent/consent';
import { notifyBudgetOwner } from '../notifications/notifications.service';
import { budgetAcceptedMailJob } from './accepted-mail.job';
import { invalidLink } from './landing-page.service';
import { isPubliclyVisible, landingPaymentMethodWhere, landingProposalWhere } from './landing-pages.where';

/** What is kept of a user agent (views and acceptances). */
const USER_AGENT_MAX = 300;
const userAgentOf = (ua: string | null) => (ua ? ua.slice(0, USER_AGENT_MAX) : null);

export type Visitor = { ip: string; userAgent: string | null };

/**
 * A customer's open, unless a crawler or a link preview (WhatsApp, e-mail scanners) made it, or a
 * client that names no browser at all. The agency's own previews are left out by the caller.
 */
export function countsAsView(userAgent: string | null): boolean {
  return !!userAgent && !isbot(userAgent);
}

/**
 * Who reads the page, without a cookie: an HMAC-SHA256 of the IP and user agent under the server's
 * secret (the purpose prefix keeps it from matching any other signature), so the stored key names
 * the same visitor again but cannot be reversed nor recomputed without the secret.
 */
export function visitorKey(secret: string, visitor: Visitor): string {
  return createHmac('sha256', secret)
    .update(`landing-visitor:${visitor.ip}\n${visitor.userAgent ?? ''}`)
    .digest('hex');
}

const VISIT_WINDOW_MS = LANDING_VISIT_WINDOW_MINUTES * 60_000;

/**
 * Records a read as a visit when it is one (LANDING_VISIT_WINDOW_MINUTES): the view row, the budget's
 * count and last visit, together; a read of a visitor already counted in the window changes nothing.
 * Returns whether it counted.
 */
export async function recordView(
  db: Db,
  secret: string,
  budget: { budgetId: number; companyId: number },
  visitor: Visitor,
  now = new Date(),
): Promise<boolean> {
  const key = visitorKey(secret, visitor);
  return db.$transaction(async (tx) => {
    // The budget row locked first: parallel reads of one visitor wait here, and each one's lookup
    // below (a statement of its own, so a fresh snapshot) sees the view the one before inserted.
    await tx.$queryRaw`SELECT id FROM budgets WHERE id = ${budget.budgetId} FOR UPDATE`;
    const recent = await tx.budgetLandingView.findFirst({
      where: { budgetId: budget.budgetId, visitorKey: key, viewedAt: { gt: new Date(now.getTime() - VISIT_WINDOW_MS) } },
      select: { id: true },
    });
    if (recent) return false;
    await tx.budgetLandingView.create({
      data: {
        companyId: budget.companyId,
        budgetId: budget.budgetId,
        ip: visitor.ip,
        userAgent: userAgentOf(visitor.userAgent),
        visitorKey: key,
        viewedAt: now,
      },
      select: { id: true },
    });
    const { landingViewsCount } = await tx.budget.update({
      where: { id: budget.budgetId },
      data: { landingViewsCount: { increment: 1 }, landingLastViewedAt: now },
      select: { landingViewsCount: true },
    });
    // The first visit is news to the agent; the count tells the rest.
    if (landingViewsCount === 1)
      await notifyBudgetOwner(tx, budget.budgetId, 'budget_viewed', (title) => `O cliente abriu o orçamento “${title}”`);
    return true;
  });
}

type LockedBudget = {
  id: number;
  company_id: number;
  attendance_id: number;
  client_id: number;
  title: string;
  status: string;
  landing_page_enabled: boolean;
};

/**
 * PUT /api/budgets/accept/{id}: in one transaction (the budget row locked, so two customers
 * accepting at once are one after the other) the budget becomes accepted with the proposal, who
 * accepted and from where, the attendance's history gets `budget_accepted`; then the agent's
 * notification is queued.
 */
export async function acceptBudget(db: Db, jobs: JobQueue, input: AcceptBudgetInput, visitor: Visitor) {
  const accepted = await db.$transaction(async (tx) => {
    const [budget] = await tx.$queryRaw<LockedBudget[]>`
      SELECT id, company_id, attendance_id, client_id, title, status::text AS status, landing_page_enabled
      FROM budgets WHERE landing_page_id = ${input.id}::uuid FOR UPDATE`;
    if (!budget || !isPubliclyVisible({ landingPageEnabled: budget.landing_page_enabled, status: budget.status })) throw invalidLink();
    if (budget.status === 'accepted') throw new AppError('CONFLICT', { message: LANDING_PAGE_MESSAGES.alreadyAccepted });
    if (budget.status === 'sold') throw new AppError('CONFLICT', { message: LANDING_PAGE_MESSAGES.alreadySold });
    const companyId = budget.company_id;

    const proposal = await tx.proposal.findFirst({
      where: landingProposalWhere(companyId, budget.id, input.proposal_id),
      select: { id: true, title: true, saleCents: true },
    });
    if (!proposal) throw new AppError('NOT_FOUND', { message: LANDING_PAGE_MESSAGES.proposalNotFound });

    const methodId = input.payment_method_id ?? null;
    const installments = input.installments ?? null;
    if (methodId !== null) {
      const method = await tx.paymentMethod.findFirst({
        where: landingPaymentMethodWhere(companyId, methodId),
        select: { kind: true, maxInstallments: true, installmentInterest: true, minInstallmentCents: true },
      });
      if (!method) throw new AppError('NOT_FOUND', { message: LANDING_PAGE_MESSAGES.paymentMethodNotFound });
      const counts = installmentOptions(
        {
          kind: method.kind,
          max_installments: method.maxInstallments,
          installment_interest: method.installmentInterest,
          min_installment_cents: method.minInstallmentCents,
        },
        proposal.saleCents,
      ).map((o) => o.count);
      if (installments !== null && !counts.includes(installments))
        throw fieldError('installments', 'não é uma opção de parcelamento desta forma de pagamento');
    } else if (installments !== null) {
      throw fieldError('installments', 'escolha a forma de pagamento para parcelar');
    }

    const acceptedAt = new Date();
    await tx.budget.update({
      where: { id: budget.id },
      data: {
        status: 'accepted',
        acceptedProposalId: proposal.id,
        acceptedAt,
        acceptedByName: input.name,
        acceptedByEmail: input.email,
        acceptedIp: visitor.ip,
        acceptedUserAgent: userAgentOf(visitor.userAgent),
        acceptedPaymentMethodId: methodId,
        acceptedInstallments: methodId === null ? null : (installments ?? 1),
        acceptedNotifiedAt: null,
      },
      select: { id: true },
    });
    // The budget's amount is now the accepted proposal's.
    await refreshBudgetTotals(tx, budget.id);
    // The accept form's optional checkbox: the budget's client consents to marketing e-mails (LGPD); unticked changes nothing.
    if (input.marketing_consent) {
      const client = await tx.client.findFirstOrThrow({ where: { id: budget.client_id, companyId }, select: consentSelect });
      await tx.client.update({ where: { id: budget.client_id }, data: consentChange(client, true, 'landing_page'), select: { id: true } });
    }
    await tx.attendanceLog.create({
      data: {
        companyId,
        attendanceId: budget.attendance_id,
        userId: null,
        action: 'budget_accepted',
        // The history shows each change as field: from -> to.
        changes: {
          budget: { from: null, to: budget.title },
          proposal: { from: null, to: proposal.title },
          accepted_by: { from: null, to: `${input.name} <${input.email}>` },
        },
      },
    });
    await notifyBudgetOwner(
      tx,
      budget.id,
      'budget_accepted',
      (title) => `${input.name} aceitou “${proposal.title}” do orçamento “${title}”`,
    );
    await jobs.enqueueIn(tx, budgetAcceptedMailJob, { budget_id: budget.id });
    return { budgetId: budget.id, proposalId: proposal.id, acceptedAt };
  });
  await jobs.flush();
  return {
    status: 'accepted' as const,
    proposal_id: accepted.proposalId,
    accepted_at: accepted.acceptedAt.toISOString(),
    message: LANDING_PAGE_MESSAGES.accepted,
  };
}
