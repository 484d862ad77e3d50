// Plans, the company's subscription, checkout and the super admin's views.
import { emailField, featureMapSchema, subdomainField, userSchema } from './auth';
import { FEATURE_KEYS } from './constants';
import { idParam, paginationInput, paginationSchema, recordIdQuery } from './pagination';
import { PLAN_STATUSES } from './plan-status';
import { z } from './zod';

// The plan lookups live in a zod-free module, so the web app uses them without zod in its bundle.
export { findFreePlan, findPaidPlan, isFreePlan, PAID_PLAN_NOT_FOUND } from './plans';
export const FREE_PLAN_MIGRATED = 'success' as const;

/** A plan (GET /api/plans lists the public ones, cheapest first). */
export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount_cents: z.number().int(),
  features: featureMapSchema,
  trial_days: z.number().int(),
  is_free_plan: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const plansOutput = z.object({ plans: z.array(planSchema) });

const planStatusEnum = z.enum(PLAN_STATUSES);

/**
 * A subscription. `features` is what the company may use now (all off while
 * restricted), the same map the token carries; `current_period_end` is the end of the time
 * already granted (the trial end while trialing).
 */
export const subscriptionSchema = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  amount_cents: z.number().int(),
  is_free_plan: z.boolean(),
  status: planStatusEnum,
  status_plan: planStatusEnum,
  features: featureMapSchema,
  current_period_end: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  is_valid_for_features: z.boolean(),
  days_remaining: z.number().int().min(0),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * `token`: a new access token when the caller's token carries claims (features, role, company)
 * that no longer match the current subscription; null when its claims are still current.
 */
export const freshTokenField = z.string().nullable();

/** GET /api/subscription/current. `subscription` is null only for a company without one. */
export const currentSubscriptionOutput = z.object({
  subscription: subscriptionSchema.nullable(),
  token: freshTokenField,
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionOutput>;

export const availableFeaturesOutput = z.object({ features: featureMapSchema });

/** POST /api/plans/{id}/subscribe (free plan): the signed-in user's e-mail. */
export const subscribeFreeInput = idParam.extend({ email: emailField });
export const subscribeFreeOutput = z.object({
  status: z.enum([FREE_PLAN_MIGRATED]),
  data: z.object({ status_plan: planStatusEnum.nullable(), days_remaining: z.number().int().min(0) }),
});

/** PUT /api/cancel-subscription. */
export const cancelSubscriptionInput = z.object({ email: emailField });

/** POST /api/payments/create-checkout-session: `plan_id` (`planId` is accepted too) and e-mail. */
export const createCheckoutSessionInput = z
  .object({
    plan_id: recordIdQuery().optional(),
    planId: recordIdQuery().optional(),
    email: emailField,
  })
  .superRefine((v, ctx) => {
    if (v.plan_id === undefined && v.planId === undefined)
      ctx.addIssue({ code: 'custom', path: ['plan_id'], message: 'Preencha este campo' });
  });
export const createCheckoutSessionOutput = z.object({ checkout_url: z.string() });

export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const;

/** GET /api/payments/check-session/{id}. */
export const checkSessionInput = z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/) });
export const checkSessionOutput = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  plan_id: z.number().int(),
  status_plan: planStatusEnum.nullable(),
  days_remaining: z.number().int().min(0),
});

// ---- Super admin -------------------------------------------------------------------------

export const adminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string().nullable(),
  created_at: z.string(),
  owner_email: z.string().nullable(),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  status_plan: planStatusEnum.nullable(),
  is_valid_for_features: z.boolean(),
  days_remaining: z.number().int().min(0),
  current_period_end: z.string().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const adminCompaniesInput = z.object({
  search: z.string().trim().max(120).optional(),
  status: planStatusEnum.optional(),
  plan_id: recordIdQuery().optional(),
  ...paginationInput,
});
export type AdminCompaniesInput = z.infer<typeof adminCompaniesInput>;
export const adminCompaniesOutput = z.object({ companies: z.array(adminCompanySchema), pagination: paginationSchema });

/** POST /api/companies (super admin): a new agency with its owner, who gets the registration e-mail. */
export const createCompanyInput = z.object({
  company: z.object({ name: z.string().trim().min(2).max(120), subdomain: subdomainField.nullable().optional() }).strict(),
  owner: z
    .object({ name: z.string().trim().min(2).max(120), email: emailField, phone: z.string().trim().max(30).nullable().optional() })
    .strict(),
});
export type CreateCompanyInput = z.infer<typeof createCompanyInput>;
export const createCompanyOutput = z.object({ company: adminCompanySchema, owner: userSchema });

/**
 * PATCH /api/admin/companies/{id}/subscription: support staff set an agency's status and dates by
 * hand (a payment settled outside the provider, a trial extended or ended). A later event of the
 * agency's provider subscription overrides them, as it overrides any stored state.
 */
export const updateCompanySubscriptionInput = idParam.extend({
  subscription: z
    .object({
      status: planStatusEnum.optional(),
      trial_ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
      current_period_end: z.iso.datetime({ offset: true }).nullable().optional(),
    })
    .strict()
    .refine((v) => Object.keys(v).length > 0, 'Preencha este campo'),
});
export type UpdateCompanySubscriptionInput = z.infer<typeof updateCompanySubscriptionInput>['subscription'];

export const adminPlanSchema = planSchema.extend({
  stripe_price_id: z.string().nullable(),
  is_public: z.boolean(),
  subscriptions_count: z.number().int(),
  created_at: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlansInput = z.object({ ...paginationInput });
export const adminPlansOutput = z.object({ plans: z.array(adminPlanSchema), pagination: paginationSchema });

const stripePriceField = z
  .string()
  .trim()
  .regex(/^price_[A-Za-z0-9_]{1,200}$/, 'deve ser um id de preço do Stripe (price_...)')
  .nullable();
const planFields = {
  name: z.string().trim().min(2).max(80),
  amount_cents: z.number().int().min(0).max(100_000_000),
  trial_days: z.number().int().min(0).max(365),
  stripe_price_id: stripePriceField,
  is_public: z.boolean(),
};
const partialFeatures = z
  .object(
    Object.fromEntries(FEATURE_KEYS.map((k) => [k, z.boolean().optional()])) as Record<
      (typeof FEATURE_KEYS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();

/** A free plan has no trial (trials lead to a paid plan). */
function trialNeedsPaidPlan(v: { amount_cents?: number; trial_days?: number }, ctx: z.RefinementCtx) {
  if (v.amount_cents === 0 && (v.trial_days ?? 0) > 0) {
    ctx.addIssue({ code: 'custom', path: ['trial_days'], message: 'deve ser 0 no plano gratuito' });
  }
}

/** POST /api/admin/plans: `{ plan: {...} }`; every feature key is stated. */
export const createPlanInput = z.object({
  plan: z
    .object({
      ...planFields,
      trial_days: planFields.trial_days.default(0),
      stripe_price_id: stripePriceField.optional(),
      is_public: planFields.is_public.default(true),
      features: featureMapSchema.strict(),
    })
    .strict()
    .superRefine(trialNeedsPaidPlan),
});
export type CreatePlanInput = z.infer<typeof createPlanInput>['plan'];

/** PATCH /api/admin/plans/{id}: any subset; features merge key by key. */
export const updatePlanInput = idParam.extend({
  plan: z
    .object({
      name: planFields.name.optional(),
      amount_cents: planFields.amount_cents.optional(),
      trial_days: planFields.trial_days.optional(),
      stripe_price_id: stripePriceField.optional(),
      is_public: planFields.is_public.optional(),
      features: partialFeatures.optional(),
    })
    .strict()
    .superRefine(trialNeedsPaidPlan),
});
export type UpdatePlanInput = z.infer<typeof updatePlanInput>['plan'];
