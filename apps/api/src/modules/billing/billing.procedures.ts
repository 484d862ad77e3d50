import {
  adminCompaniesInput,
  adminCompaniesOutput,
  adminCompanySchema,
  adminPlanSchema,
  adminPlansInput,
  adminPlansOutput,
  availableFeaturesOutput,
  cancelSubscriptionInput,
  checkSessionInput,
  checkSessionOutput,
  createCheckoutSessionInput,
  createCheckoutSessionOutput,
  createCompanyInput,
  createCompanyOutput,
  createPlanInput,
  currentSubscriptionOutput,
  plansOutput,
  subscribeFreeInput,
  subscribeFreeOutput,
  updateCompanySubscriptionInput,
  updatePlanInput,
  z,
} from '@app/shared';
import { authedProcedure, ownerProcedure, router, superAdminProcedure } from '../../trpc';
import * as admin from './admin.service';
import * as checkout from './checkout.service';
import { listPublicPlans } from './plans.service';
import * as subscriptions from './subscriptions.service';

const tags = ['Planos e pagamentos'];
const adminTags = ['Super admin'];
// Billing stays reachable while the plan is restricted: it is how the plan gets regularized.
const billing = { allowRestricted: true } as const;

/** Section 7 sends a cache-busting timestamp with this call; `_` is the one accepted. */
const cacheBuster = z
  .object({ _: z.string().max(30).optional() })
  .strict()
  .optional();

const subscriptionRouter = router({
  current: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/subscription/current', tags, protect: true }, ...billing })
    .input(cacheBuster)
    .output(currentSubscriptionOutput)
    .query(({ ctx }) => subscriptions.currentSubscription(ctx, ctx.user, ctx.authorization)),
  cancel: ownerProcedure
    .meta({ openapi: { method: 'PUT', path: '/cancel-subscription', tags, protect: true }, ...billing })
    .input(cancelSubscriptionInput)
    .output(currentSubscriptionOutput)
    .mutation(({ ctx, input }) => subscriptions.cancelSubscription(ctx, ctx.user, input.email, ctx.authorization)),
  availableFeatures: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/available_features', tags, protect: true }, ...billing })
    .input(z.void())
    .output(availableFeaturesOutput)
    .query(({ ctx }) => subscriptions.availableFeatures(ctx.db, ctx.user)),
});

const plansRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/plans', tags, protect: true }, ...billing })
    .input(z.void())
    .output(plansOutput)
    .query(({ ctx }) => listPublicPlans(ctx.db)),
  subscribe: ownerProcedure
    .meta({ openapi: { method: 'POST', path: '/plans/{id}/subscribe', tags, protect: true }, ...billing })
    .input(subscribeFreeInput)
    .output(subscribeFreeOutput)
    .mutation(({ ctx, input }) => subscriptions.subscribeFree(ctx, ctx.user, input.id, input.email)),
});

const paymentsRouter = router({
  createCheckoutSession: ownerProcedure
    .meta({ openapi: { method: 'POST', path: '/payments/create-checkout-session', tags, protect: true }, ...billing })
    .input(createCheckoutSessionInput)
    .output(createCheckoutSessionOutput)
    .mutation(({ ctx, input }) => checkout.createCheckoutSession(ctx, ctx.user, input)),
  checkSession: ownerProcedure
    .meta({ openapi: { method: 'GET', path: '/payments/check-session/{id}', tags, protect: true }, ...billing })
    .input(checkSessionInput)
    .output(checkSessionOutput)
    .query(({ ctx, input }) => checkout.checkSession(ctx, ctx.user, input.id)),
});

const adminRouter = router({
  companies: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/companies', tags: adminTags, protect: true } })
    .input(adminCompaniesInput)
    .output(adminCompaniesOutput)
    .query(({ ctx, input }) => admin.listCompanies(ctx.db, input)),
  createCompany: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/companies', tags: adminTags, protect: true } })
    .input(createCompanyInput)
    .output(createCompanyOutput)
    .mutation(({ ctx, input }) => admin.createCompany(ctx, input)),
  updateSubscription: superAdminProcedure
    .meta({ openapi: { method: 'PATCH', path: '/admin/companies/{id}/subscription', tags: adminTags, protect: true } })
    .input(updateCompanySubscriptionInput)
    .output(adminCompanySchema)
    .mutation(({ ctx, input }) => admin.updateCompanySubscription(ctx.db, input.id, input.subscription)),
  plans: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/plans', tags: adminTags, protect: true } })
    .input(adminPlansInput)
    .output(adminPlansOutput)
    .query(({ ctx, input }) => admin.listAdminPlans(ctx.db, input)),
  createPlan: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/plans', tags: adminTags, protect: true } })
    .input(createPlanInput)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => admin.createPlan(ctx.db, input.plan)),
  updatePlan: superAdminProcedure
    .meta({ openapi: { method: 'PATCH', path: '/admin/plans/{id}', tags: adminTags, protect: true } })
    .input(updatePlanInput)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => admin.updatePlan(ctx.db, input.id, input.plan)),
});

export const billingRouter = router({
  subscription: subscriptionRouter,
  plans: plansRouter,
  payments: paymentsRouter,
  admin: adminRouter,
});
