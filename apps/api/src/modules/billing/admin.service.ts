// Super admin: the agencies with their plan and status, new agencies, and the plan catalogue.
import type { Db, Prisma } from '@app/db';
import {
  type AdminCompaniesInput,
  buildPagination,
  type CreateCompanyInput,
  type CreatePlanInput,
  REGISTRATION_TTL_DAYS,
  TAKEN_MESSAGE,
  type UpdateCompanySubscriptionInput,
  type UpdatePlanInput,
} from '@app/shared';
import type { Config } from '../../config';
import { AppError, notFound } from '../../errors';
import { type Platform, sendMailJob } from '../../platform';
import { registrationMail } from '../auth/auth.mails';
import { newOneTimeToken } from '../auth/tokens';
import { toUserDto, userSelect } from '../users/users.where';
import { entitlementSelect, entitlementsOf, planFeatures } from './entitlements';
import { toPlanDto } from './plans.service';
import { startTrial } from './subscriptions.service';

type Services = { db: Db; config: Config; platform: Platform };

const companySelect = {
  id: true,
  name: true,
  subdomain: true,
  createdAt: true,
  subscription: { select: { ...entitlementSelect, planId: true, plan: { select: { name: true, features: true } } } },
  users: { where: { role: 'owner' }, orderBy: { id: 'asc' }, take: 1, select: { email: true } },
} satisfies Prisma.CompanySelect;
type CompanyRow = Prisma.CompanyGetPayload<{ select: typeof companySelect }>;

function toAdminCompanyDto(c: CompanyRow, now = new Date()) {
  // Seen as the agency's owner sees it (a super_admin's own view is always valid).
  const ent = entitlementsOf(c.subscription, 'owner', now);
  return {
    id: c.id,
    name: c.name,
    subdomain: c.subdomain,
    created_at: c.createdAt.toISOString(),
    owner_email: c.users[0]?.email ?? null,
    plan_id: c.subscription?.planId ?? null,
    plan_name: c.subscription?.plan.name ?? null,
    status_plan: ent.status_plan,
    is_valid_for_features: ent.is_valid_for_features,
    days_remaining: ent.days_remaining,
    current_period_end: ent.current_period_end?.toISOString() ?? null,
  };
}

/** GET /api/admin/companies: every agency (not the system company), by name. */
export async function listCompanies(db: Db, input: AdminCompaniesInput) {
  const subscription = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.plan_id ? { planId: input.plan_id } : {}),
  };
  const where: Prisma.CompanyWhereInput = {
    isSystem: false,
    ...(Object.keys(subscription).length ? { subscription: { is: subscription } } : {}),
    ...(input.search
      ? { OR: [{ name: { contains: input.search, mode: 'insensitive' } }, { subdomain: { contains: input.search, mode: 'insensitive' } }] }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.company.findMany({
      where,
      select: companySelect,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
    }),
    db.company.count({ where }),
  ]);
  const now = new Date();
  return { companies: rows.map((c) => toAdminCompanyDto(c, now)), pagination: buildPagination(input.page, input.per_page, total) };
}

/**
 * POST /api/companies: a new agency, trialing on the paid plan, with its owner pending until
 * they confirm the registration e-mail (and set a password).
 */
export async function createCompany(s: Services, input: CreateCompanyInput) {
  const subdomain = input.company.subdomain ?? null;
  const [emailTaken, subdomainTaken] = await Promise.all([
    s.db.user.findUnique({ where: { email: input.owner.email }, select: { id: true } }),
    subdomain ? s.db.company.findUnique({ where: { subdomain }, select: { id: true } }) : null,
  ]);
  if (emailTaken || subdomainTaken) {
    throw new AppError('VALIDATION', {
      errors: {
        ...(subdomainTaken ? { 'company.subdomain': [TAKEN_MESSAGE] } : {}),
        ...(emailTaken ? { 'owner.email': [TAKEN_MESSAGE] } : {}),
      },
    });
  }
  const { token, tokenHash } = newOneTimeToken();
  const { companyId, owner } = await s.db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { name: input.company.name, subdomain }, select: { id: true } });
    await startTrial(tx, company.id);
    const owner = await tx.user.create({
      data: {
        companyId: company.id,
        name: input.owner.name,
        email: input.owner.email,
        phone: input.owner.phone ?? null,
        role: 'owner',
        status: 'pending',
      },
      select: userSelect,
    });
    await tx.authToken.create({
      data: { userId: owner.id, purpose: 'registration', tokenHash, expiresAt: new Date(Date.now() + REGISTRATION_TTL_DAYS * 86_400_000) },
    });
    return { companyId: company.id, owner };
  });
  await s.platform.jobs.enqueue(sendMailJob, registrationMail(s.config.appUrl, owner.email, owner.name, owner.company.name, token));
  const company = await s.db.company.findUniqueOrThrow({ where: { id: companyId }, select: companySelect });
  return { company: toAdminCompanyDto(company), owner: toUserDto(owner) };
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** PATCH /api/admin/companies/{id}/subscription: an agency's status and dates, set by support staff. */
export async function updateCompanySubscription(db: Db, companyId: number, input: UpdateCompanySubscriptionInput) {
  const { count } = await db.subscription.updateMany({
    // The system company has no plan to correct: it answers like a missing agency.
    where: { companyId, company: { isSystem: false } },
    data: { status: input.status, trialEndsAt: toDate(input.trial_ends_at), currentPeriodEnd: toDate(input.current_period_end) },
  });
  if (count === 0) throw notFound();
  return toAdminCompanyDto(await db.company.findUniqueOrThrow({ where: { id: companyId }, select: companySelect }));
}

const adminPlanSelect = {
  id: true,
  name: true,
  amountCents: true,
  features: true,
  trialDays: true,
  stripePriceId: true,
  isPublic: true,
  createdAt: true,
  _count: { select: { subscriptions: true } },
} satisfies Prisma.PlanSelect;
type AdminPlanRow = Prisma.PlanGetPayload<{ select: typeof adminPlanSelect }>;

function toAdminPlanDto(p: AdminPlanRow) {
  return {
    ...toPlanDto(p),
    stripe_price_id: p.stripePriceId,
    is_public: p.isPublic,
    subscriptions_count: p._count.subscriptions,
    created_at: p.createdAt.toISOString(),
  };
}

export async function listAdminPlans(db: Db, input: { page: number; per_page: number }) {
  const [rows, total] = await Promise.all([
    db.plan.findMany({
      select: adminPlanSelect,
      orderBy: [{ amountCents: 'asc' }, { id: 'asc' }],
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
    }),
    db.plan.count(),
  ]);
  return { plans: rows.map(toAdminPlanDto), pagination: buildPagination(input.page, input.per_page, total) };
}

/** Section 5's lookups need one free plan and unique names; a Stripe price belongs to one plan. */
async function assertPlanFree(
  db: Db,
  fields: { name?: string; amount_cents?: number; stripe_price_id?: string | null },
  exceptId?: number,
) {
  const others = exceptId ? { NOT: { id: exceptId } } : {};
  const [name, free, price] = await Promise.all([
    fields.name
      ? db.plan.findFirst({ where: { name: { equals: fields.name, mode: 'insensitive' }, ...others }, select: { id: true } })
      : null,
    fields.amount_cents === 0 ? db.plan.findFirst({ where: { amountCents: 0, ...others }, select: { id: true } }) : null,
    fields.stripe_price_id
      ? db.plan.findFirst({ where: { stripePriceId: fields.stripe_price_id, ...others }, select: { id: true } })
      : null,
  ]);
  const errors: Record<string, string[]> = {};
  if (name) errors['plan.name'] = [TAKEN_MESSAGE];
  if (free) errors['plan.amount_cents'] = ['já existe um plano gratuito'];
  if (price) errors['plan.stripe_price_id'] = [TAKEN_MESSAGE];
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
}

export async function createPlan(db: Db, input: CreatePlanInput) {
  await assertPlanFree(db, input);
  const plan = await db.plan.create({
    data: {
      name: input.name,
      amountCents: input.amount_cents,
      trialDays: input.trial_days,
      stripePriceId: input.stripe_price_id ?? null,
      isPublic: input.is_public,
      features: input.features,
    },
    select: adminPlanSelect,
  });
  return toAdminPlanDto(plan);
}

/**
 * PATCH /api/admin/plans/{id}. Features apply at once to every company on the plan (the server
 * reads them from the plan on each call). A plan in use cannot switch between free and paid:
 * its companies' subscriptions were made for the other kind.
 */
export async function updatePlan(db: Db, id: number, input: UpdatePlanInput) {
  const plan = await db.plan.findUnique({
    where: { id },
    select: { amountCents: true, trialDays: true, features: true, _count: { select: { subscriptions: true } } },
  });
  if (!plan) throw notFound();
  const amount = input.amount_cents ?? plan.amountCents;
  const errors: Record<string, string[]> = {};
  if (amount === 0 && (input.trial_days ?? plan.trialDays) > 0) errors['plan.trial_days'] = ['deve ser 0 no plano gratuito'];
  if (plan._count.subscriptions > 0 && (amount === 0) !== (plan.amountCents === 0))
    errors['plan.amount_cents'] = ['não pode mudar entre gratuito e pago com agências no plano'];
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
  await assertPlanFree(db, { ...input, amount_cents: input.amount_cents === plan.amountCents ? undefined : input.amount_cents }, id);
  const updated = await db.plan.update({
    where: { id },
    data: {
      name: input.name,
      amountCents: input.amount_cents,
      trialDays: input.trial_days,
      stripePriceId: input.stripe_price_id,
      isPublic: input.is_public,
      ...(input.features ? { features: { ...planFeatures(plan.features), ...input.features } } : {}),
    },
    select: adminPlanSelect,
  });
  return toAdminPlanDto(updated);
}
