// Security-critical: who sees a budget's landing page, and the tenant filters of the rows it shows.
// The public finds a budget by its landing_page_id alone (an unguessable uuid, never the database
// id), and only while the link is enabled and the budget is sent, accepted or sold; the agency's own
// routes go through the signed-in user's company. Every row the page reads after that (reference
// lists, favourite hotels, payment methods) is filtered by the budget's company.
import type { Prisma } from '@app/db';
import { LANDING_VISIBLE_STATUSES } from '@app/shared';
import { visibleWhere } from '../reference-lists/reference-lists.where';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A well-formed landing id; anything else finds no budget (and never reaches a uuid cast). */
export const isLandingPageId = (id: string) => UUID.test(id);

/** Whether the public may see a budget with this link state and status. */
export function isPubliclyVisible(b: { landingPageEnabled: boolean; status: string }): boolean {
  return b.landingPageEnabled && (LANDING_VISIBLE_STATUSES as readonly string[]).includes(b.status);
}

/**
 * Security-critical: the budget behind a landing id. The caller still decides with
 * isPubliclyVisible (or the agency's own preview) before showing anything of it.
 */
export function landingBudgetWhere(landingPageId: string): Prisma.BudgetWhereUniqueInput {
  return { landingPageId };
}

/** Security-critical: the caller's own budget (agency routes: accepted info, link). */
export function agencyBudgetWhere(companyId: number, id: number): Prisma.BudgetWhereInput {
  return { id, companyId };
}

/** Security-critical: the reference-list rows a budget's services may name (the system's and its agency's). */
export function landingReferenceWhere(companyId: number, ids: number[]): Prisma.ReferenceItemWhereInput {
  return { id: { in: ids }, ...visibleWhere(companyId) };
}

/** Security-critical: the agency's own favourite hotels. */
export function landingHotelWhere(companyId: number, ids: number[]): Prisma.FavoriteHotelWhereInput {
  return { id: { in: ids }, companyId };
}

/** Security-critical: the agency's active payment methods (one of them with `id`). */
export function landingPaymentMethodWhere(companyId: number, id?: number): Prisma.PaymentMethodWhereInput {
  return { companyId, isActive: true, ...(id === undefined ? {} : { id }) };
}

/** Security-critical: a proposal of this budget (and of its company). */
export function landingProposalWhere(companyId: number, budgetId: number, id: number): Prisma.ProposalWhereInput {
  return { id, budgetId, companyId };
}
