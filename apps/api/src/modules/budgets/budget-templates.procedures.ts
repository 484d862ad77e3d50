// An agency's templates (/api/budget-templates): proposals and budgets saved to start from.
import {
  applyBudgetTemplateInput,
  applyBudgetTemplateOutput,
  BUDGET_LIMITS,
  BUDGET_TEMPLATE_MESSAGES,
  budgetTemplateDeletedOutput,
  budgetTemplateListItemSchema,
  budgetTemplateSchema,
  createBudgetTemplateInput,
  idParam,
  listBudgetTemplatesInput,
  listBudgetTemplatesOutput,
  updateBudgetTemplateInput,
  updateBudgetTemplateServicesInput,
  versionedIdParam,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import type { Entitlements } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import * as templates from './budget-templates.service';

const tags = ['Modelos de orçamento'];
const NOT_FOUND = 'Modelo inexistente ou de outra agência.';

/** The plan's features decide which quotes the agency works with (a budget made from a template is quoted anew). */
const callerOf = (ctx: { user: SessionUser; entitlements: Entitlements }): templates.TemplateCaller => ({
  userId: ctx.user.id,
  companyId: ctx.user.companyId,
  role: ctx.user.role,
  features: ctx.entitlements.features,
});

export const budgetTemplatesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budget-templates',
        summary: 'Lista os modelos de orçamento',
        description:
          'Os modelos da agência (propostas ou orçamentos inteiros salvos com serviços e preços), por nome. Busca por nome ou destino, cada palavra em qualquer ordem, sem diferenciar acentos nem maiúsculas; paginado.',
        tags,
      },
    })
    .input(listBudgetTemplatesInput)
    .output(listBudgetTemplatesOutput)
    .query(({ ctx, input }) => templates.listBudgetTemplates(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budget-templates/{id}',
        summary: 'Mostra um modelo de orçamento',
        description: 'O modelo com as suas propostas e os serviços de cada uma (tipo, título e dias contados do início da viagem).',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetTemplateSchema)
    .query(({ ctx, input }) => templates.getBudgetTemplate(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budget-templates',
        summary: 'Salva um modelo de orçamento',
        description:
          'Salva como modelo as propostas do orçamento `budget_id` (ou só a proposta `proposal_id`) com os serviços ativos, preços e comissões; cada data fica guardada como dias a partir do início da viagem (a data de início do orçamento ou, sem ela, a primeira data dos serviços). O câmbio não é guardado: quem usa o modelo cota de novo.',
        errorResponses: {
          400: `Dados inválidos, orçamento ou proposta inexistente ou de outra agência (\`errors.budget_id\`, \`errors.proposal_id\`: não foi encontrado), ou sem serviços ativos (${BUDGET_TEMPLATE_MESSAGES.noServices}).`,
        },
        tags,
      },
    })
    .input(createBudgetTemplateInput)
    .output(budgetTemplateListItemSchema)
    .mutation(({ ctx, input }) => templates.createBudgetTemplate(ctx.db, callerOf(ctx), input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/budget-templates/{id}',
        summary: 'Renomeia um modelo de orçamento',
        description: 'Muda o nome do modelo. Os serviços se editam em PATCH /api/budget-templates/{id}/services.',
        errorResponses: { 400: 'Nome inválido.', 404: NOT_FOUND },
        tags,
      },
    })
    .input(updateBudgetTemplateInput)
    .output(budgetTemplateListItemSchema)
    .mutation(({ ctx, input }) => templates.renameBudgetTemplate(ctx.db, callerOf(ctx), input)),
  updateServices: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/budget-templates/{id}/services',
        summary: 'Edita os serviços de um modelo de orçamento',
        description:
          'Cada proposta do modelo, na ordem, com os serviços que ficam (`index`: a posição do serviço na proposta, como GET /api/budget-templates/{id} lista), cada um com o título e os preços (tarifas de um serviço por passageiro, valor total de um serviço cobrado por inteiro; os de uma hospedagem são os dos quartos e não mudam aqui). O serviço que não vem é removido, e a proposta que fica sem serviços também.',
        errorResponses: {
          400: `Dados inválidos: propostas fora da ordem do modelo (${BUDGET_TEMPLATE_MESSAGES.proposalsMismatch}), serviço inexistente ou repetido, ou nenhum serviço (${BUDGET_TEMPLATE_MESSAGES.keepOneService}). Nada muda.`,
          404: NOT_FOUND,
        },
        tags,
      },
    })
    .input(updateBudgetTemplateServicesInput)
    .output(budgetTemplateListItemSchema)
    .mutation(({ ctx, input }) => templates.updateBudgetTemplateServices(ctx.db, callerOf(ctx), input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/budget-templates/{id}',
        summary: 'Exclui um modelo de orçamento',
        description: 'Apaga o modelo. Os orçamentos já criados a partir dele não mudam.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(budgetTemplateDeletedOutput)
    .mutation(({ ctx, input }) => templates.deleteBudgetTemplate(ctx.db, callerOf(ctx), input)),
  applyToBudget: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budget-templates/apply',
        summary: 'Acrescenta um modelo a um orçamento',
        description:
          'As propostas do modelo `template_id` entram no orçamento `budget_id` depois das suas, com os serviços nas datas da viagem do orçamento (dias do modelo a partir da data de início) e para os seus passageiros, cotados com o câmbio do orçamento ou do dia, numa transação. Fornecedor ou hotel favorito que a agência não tem mais fica de fora do serviço. Para um orçamento novo a partir de um modelo, veja `template_id` em POST /api/budgets/.',
        errorResponses: {
          400: `Modelo ou orçamento inexistente ou de outra agência (\`errors.template_id\`, \`errors.budget_id\`); orçamento sem data de início para um modelo com datas (${BUDGET_TEMPLATE_MESSAGES.startDateRequired}); moeda sem câmbio; ou limites do orçamento (${BUDGET_LIMITS.proposals.message} ${BUDGET_LIMITS.servicesPerBudget.message}). Nada é gravado.`,
          409: 'Orçamento vendido.',
        },
        tags,
      },
    })
    .input(applyBudgetTemplateInput)
    .output(applyBudgetTemplateOutput)
    .mutation(({ ctx, input }) => templates.applyBudgetTemplate(ctx.db, callerOf(ctx), input)),
});
