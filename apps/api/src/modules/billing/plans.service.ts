// The plan catalogue: the public list agencies choose from, and its upkeep by support staff.
import type { Db } from '@app/db';
import { type CreatePlanInput, TAKEN_MESSAGE, type UpdatePlanInput } from '@app/shared';
import { AppError, notFound } from '../../errors';
import { findPage } from '../../paging';
import { planFeatures } from '../access/entitlements';
import { toAdminPlanDto, toPlanDto } from './billing.dto';
import { adminPlanSelect, planSelect } from './billing.select';

/** GET /api/plans: the public catalogue, cheapest first (the web offers the first paid one as the upgrade). */
export async function listPublicPlans(db: Db) {
  const plans = await db.plan.findMany({ where: { isPublic: true }, select: planSelect, orderBy: [{ amountCents: 'asc' }, { id: 'asc' }] });
  return { plans: plans.map(toPlanDto) };
}

export async function listAdminPlans(db: Db, input: { page: number; per_page: number }) {
  const { rows, pagination } = await findPage(
    input,
    (page) => db.plan.findMany({ select: adminPlanSelect, orderBy: [{ amountCents: 'asc' }, { id: 'asc' }], ...page }),
    () => db.plan.count(),
  );
  return { plans: rows.map(toAdminPlanDto), pagination };
}

/** The web looks plans up by name and takes the one free plan; a Stripe price belongs to one plan. */
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
