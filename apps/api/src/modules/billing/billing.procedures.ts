import {
  adminPlanSchema,
  adminPlansInput,
  adminPlansOutput,
  availableFeaturesOutput,
  cancelSubscriptionInput,
  checkSessionInput,
  checkSessionOutput,
  createCheckoutSessionInput,
  createCheckoutSessionOutput,
  createPlanInput,
  currentSubscriptionOutput,
  plansOutput,
  subscribeFreeInput,
  subscribeFreeOutput,
  updatePlanInput,
  z,
} from '@app/shared';
import { authedProcedure, ownerProcedure, router, superAdminProcedure } from '../../trpc';
import * as checkout from './checkout.service';
import { createPlan, listAdminPlans, listPublicPlans, updatePlan } from './plans.service';
import * as subscriptions from './subscriptions.service';

const tags = ['Planos e pagamentos'];
const adminTags = ['Super admin'];
// Billing stays reachable while the plan is restricted: it is how the plan gets regularized.
const billing = { allowRestricted: true } as const;

/** The web sends a cache-busting timestamp with this call; `_` is the one accepted. */
const cacheBuster = z
  .object({ _: z.string().max(30).optional() })
  .strict()
  .optional();

const subscriptionRouter = router({
  current: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/subscription/current',
        summary: 'Mostra a assinatura da agência',
        description:
          'Plano, situação, recursos, fim do período e dias restantes da assinatura (null sem assinatura). Aceita `_`, uma marca de tempo contra cache. `token` traz um token novo quando o enviado ficou desatualizado.',
        tags,
      },
      ...billing,
    })
    .input(cacheBuster)
    .output(currentSubscriptionOutput)
    .query(({ ctx }) => subscriptions.currentSubscription(ctx, ctx.user, ctx.claims)),
  cancel: ownerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/cancel-subscription',
        summary: 'Cancela a assinatura',
        description:
          'Cancela na hora, também no provedor de pagamento; o que já foi pago (ou o período de teste) vale até o fim. `email` deve ser o do usuário conectado. Devolve a assinatura, como `GET /api/subscription/current`.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail diferente do usuário conectado (`errors.email`).',
          404: 'A agência não tem assinatura.',
          409: 'A assinatura já está cancelada.',
        },
        tags,
      },
      ...billing,
    })
    .input(cancelSubscriptionInput)
    .output(currentSubscriptionOutput)
    .mutation(({ ctx, input }) => subscriptions.cancelSubscription(ctx, ctx.user, input.email, ctx.claims)),
  availableFeatures: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/available_features',
        summary: 'Lista os recursos do plano',
        description:
          'O mapa dos recursos (d4sign, cambio_sistema, pipedrive_deals, nfse, financial_table_comments, custom_subdomain, super_admin) liberados agora pelo plano da agência.',
        tags,
      },
      ...billing,
    })
    .input(z.void())
    .output(availableFeaturesOutput)
    .query(({ ctx }) => subscriptions.availableFeatures(ctx, ctx.user)),
});

const plansRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/plans',
        summary: 'Lista os planos disponíveis',
        description:
          'O catálogo público, do mais barato ao mais caro, com preço, dias de teste e recursos; `amount_cents` 0 é o plano grátis.',
        tags,
      },
      ...billing,
    })
    .input(z.void())
    .output(plansOutput)
    .query(({ ctx }) => listPublicPlans(ctx.db)),
  subscribe: ownerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/plans/{id}/subscribe',
        summary: 'Muda para o plano grátis',
        description:
          'Passa a agência para um plano gratuito na hora; uma assinatura paga em andamento é cancelada no provedor. `email` deve ser o do usuário conectado.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail diferente do usuário conectado (`errors.email`).',
          404: 'Plano inexistente ou não público, ou agência sem assinatura.',
          409: 'O plano é pago: assine pelo pagamento.',
        },
        tags,
      },
      ...billing,
    })
    .input(subscribeFreeInput)
    .output(subscribeFreeOutput)
    .mutation(({ ctx, input }) => subscriptions.subscribeFree(ctx, ctx.user, input.id, input.email)),
});

const paymentsRouter = router({
  createCheckoutSession: ownerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payments/create-checkout-session',
        summary: 'Inicia o pagamento de um plano',
        description:
          'Cria a sessão de pagamento (checkout) de um plano pago no provedor e devolve `checkout_url`, para onde o navegador deve seguir. `email` deve ser o do usuário conectado. Depois do pagamento o navegador volta a `/seu-plano` no endereço de onde saiu (o cabeçalho `Origin`), se for o do app (`APP_URL`), um de `CORS_ORIGINS` ou o subdomínio da própria agência; senão, ao `APP_URL`.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail diferente do usuário conectado (`errors.email`).',
          404: 'Plano inexistente ou não público.',
          409: 'O plano é gratuito, ou a assinatura paga deste plano já está ativa.',
        },
        tags,
      },
      ...billing,
    })
    .input(createCheckoutSessionInput)
    .output(createCheckoutSessionOutput)
    .mutation(({ ctx, input }) => checkout.createCheckoutSession(ctx, ctx.user, input, ctx.origin)),
  checkSession: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payments/check-session/{id}',
        summary: 'Consulta um pagamento',
        description:
          'A situação da sessão de pagamento no provedor e a do plano da agência. Uma sessão paga atualiza a assinatura na hora, sem esperar o webhook.',
        errorResponses: { 404: 'Sessão inexistente ou de outra agência.' },
        tags,
      },
      ...billing,
    })
    .input(checkSessionInput)
    .output(checkSessionOutput)
    .query(({ ctx, input }) => checkout.checkSession(ctx, ctx.user, input.id)),
});

const adminRouter = router({
  plans: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/plans',
        summary: 'Lista todos os planos',
        description:
          'Todo o catálogo, público ou não, do mais barato ao mais caro, com o preço no provedor e quantas agências usam cada plano; paginado.',
        tags: adminTags,
      },
    })
    .input(adminPlansInput)
    .output(adminPlansOutput)
    .query(({ ctx, input }) => listAdminPlans(ctx.db, input)),
  createPlan: superAdminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/plans',
        summary: 'Cria um plano',
        description: 'Cria um plano com preço, dias de teste, recursos, preço no provedor de pagamento e visibilidade no catálogo.',
        errorResponses: { 400: 'Dados inválidos, nome ou preço do provedor já usados, ou um segundo plano gratuito.' },
        tags: adminTags,
      },
    })
    .input(createPlanInput)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => createPlan(ctx.db, input.plan)),
  updatePlan: superAdminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/plans/{id}',
        summary: 'Altera um plano',
        description:
          'Altera os campos enviados; recursos alterados valem na hora para todas as agências do plano. Um plano em uso não passa de gratuito a pago nem o contrário.',
        errorResponses: {
          400: 'Dados inválidos, nome ou preço do provedor já usados, segundo plano gratuito, dias de teste num plano gratuito, ou troca entre gratuito e pago com agências no plano.',
          404: 'Plano inexistente.',
        },
        tags: adminTags,
      },
    })
    .input(updatePlanInput)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => updatePlan(ctx.db, input.id, input.plan)),
});

export const billingRouter = router({
  subscription: subscriptionRouter,
  plans: plansRouter,
  payments: paymentsRouter,
  admin: adminRouter,
});
