import {
  addFinancialCommentInput,
  BUDGET_LIMITS,
  budgetDeletedOutput,
  budgetListOutput,
  budgetObservationsOutput,
  budgetPassengersOutput,
  budgetPaxesOutput,
  budgetPaymentMethodsOutput,
  budgetProposalsOutput,
  budgetTreeSchema,
  createBudgetInput,
  duplicateBudgetInput,
  financialCommentSchema,
  financialCommentsOutput,
  flyBudgetOutput,
  idParam,
  listBudgetsInput,
  paxCandidatesInput,
  paxCandidatesOutput,
  paymentMethodsByPaxInput,
  paymentMethodsByPaxOutput,
  showValuesInput,
  travelChecksOutput,
  updateBudgetInput,
  versionedIdParam,
  versionOutput,
  z,
} from '@app/shared';
import { documentCipherOf } from '../../document-numbers';
import { authedProcedure, requireFeature, router } from '../../trpc';
import type { Entitlements } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import { duplicateBudget } from './budget-copy.service';
import * as views from './budget-views.service';
import * as budgets from './budgets.service';
import { addFinancialComment, listFinancialComments } from './financial-comments.service';
import { paxCandidates } from './pax-clients';
import { budgetTravelChecks } from './travel-checks.service';

const tags = ['Orçamentos'];
const NOT_FOUND = 'Orçamento inexistente ou de outra agência.';
const FEATURE = 'O plano da agência não inclui o recurso `financial_table_comments` (ou está restrito).';

/** The quotes the agency works with depend on its plan's features (ctx.entitlements), as requireFeature reads them. */
const callerOf = (ctx: { user: SessionUser; entitlements: Entitlements }): budgets.BudgetCaller => ({
  userId: ctx.user.id,
  companyId: ctx.user.companyId,
  role: ctx.user.role,
  features: ctx.entitlements.features,
});

export const budgetsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets',
        summary: 'Lista os orçamentos',
        description:
          'Orçamentos da agência, dos mais novos aos mais antigos, 6 por página por padrão (até 50). Busca sem distinção de acentos e maiúsculas no título, no destino e no nome do cliente; filtros de situação, cliente, responsável, atendimento, período da data de início da viagem e destino. Com `include_locations=true`, cada orçamento traz em `locations` o destino e os lugares dos seus serviços (cidades e locais das hospedagens, aeroportos de destino dos voos, portos de desembarque dos cruzeiros).',
        tags,
      },
    })
    .input(listBudgetsInput)
    .output(budgetListOutput)
    .query(({ ctx, input }) => budgets.listBudgets(ctx.db, ctx.companyId, input)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/',
        summary: 'Cria um orçamento',
        description:
          'Cria o orçamento de um atendimento da agência: o cliente e o responsável são os do atendimento; título, destino e datas, quando não enviados, também. A moeda (BRL por padrão) guarda a cotação do dia usada nos totais. Os passageiros vinculados a clientes precisam ser clientes da agência e levam do cliente o que não for enviado: nome, nascimento, CPF, documento de viagem (o passaporte de maior validade, senão RG, CNH ou outro) e contato. Sem `paxes`, cada pessoa da contagem do atendimento vira um passageiro a nomear ("Adulto 1", "Criança 1"), cada criança na faixa etária da sua idade. Nasce como rascunho, com uma primeira proposta ("Proposta 1"). Devolve o orçamento inteiro.',
        errorResponses: {
          400: 'Dados inválidos; atendimento ou cliente de passageiro inexistente ou de outra agência (`errors.attendance_id`, `errors.paxes.N.client_id`); moeda sem cotação (`errors.currency`).',
        },
        tags,
      },
    })
    .input(createBudgetInput)
    .output(budgetTreeSchema)
    .mutation(({ ctx, input }) => budgets.createBudget(ctx.db, documentCipherOf(ctx.config), callerOf(ctx), input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}',
        summary: 'Mostra um orçamento',
        description:
          'O orçamento inteiro, lido de uma vez: passageiros, propostas (na ordem) com os seus serviços (com o reembolso dos cancelados) e os totais de cada proposta na moeda do orçamento (venda, custo, receita, margem, por faixa etária e por passageiro), e as indicações.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetTreeSchema)
    .query(({ ctx, input }) => budgets.getBudget(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/budgets/{id}',
        summary: 'Altera um orçamento',
        description:
          'Altera os campos enviados. `paxes` substitui a lista de passageiros. Trocar a moeda guarda a cotação do dia (ou o câmbio do orçamento para ela) e recalcula todos os totais. `agent_rates` substitui o câmbio do orçamento por moeda (`{"USD": 5.8}`, reais por unidade; `{}` limpa): os serviços do orçamento nessa moeda sem câmbio próprio passam a usá-lo (limpo, voltam à cotação do dia) e os totais são recalculados. `status`: rascunho e enviado vão e voltam, qualquer situação pode ser cancelada e um cancelado volta a rascunho; aceito e vendido têm rotas próprias.',
        errorResponses: {
          400: 'Dados inválidos, mudança de situação não permitida (`errors.status`), cliente de passageiro de outra agência, moeda sem cotação, câmbio inválido (`errors["agent_rates.USD"]`) ou câmbio limpo sem cotação do dia para voltar.',
          404: NOT_FOUND,
          409: 'Orçamento vendido: desfaça a venda para alterá-lo.',
        },
        tags,
      },
    })
    .input(updateBudgetInput)
    .output(budgetTreeSchema)
    .mutation(({ ctx, input }) => budgets.updateBudget(ctx.db, documentCipherOf(ctx.config), callerOf(ctx), input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/budgets/{id}',
        summary: 'Exclui um orçamento',
        description: 'Exclui o orçamento com as suas propostas, serviços, reembolsos, passageiros, indicações e comentários.',
        errorResponses: {
          404: NOT_FOUND,
          409: 'Orçamento vendido, ou com uma venda desfeita (que fica registrada), não pode ser excluído.',
        },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(budgetDeletedOutput)
    .mutation(({ ctx, input }) => budgets.deleteBudget(ctx.db, callerOf(ctx), input)),
  duplicate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/duplicate',
        summary: 'Duplica um orçamento',
        description:
          'Copia o orçamento com passageiros, propostas, serviços (ativos de novo, sem os reembolsos) e indicações, numa única transação: uma falha não deixa cópia pela metade. A cópia é um rascunho com o título seguido de " (cópia)" uma única vez (a cópia de uma cópia não ganha outra marca) e uma nova página do cliente. Opcionais: `attendance_id`, outro atendimento da agência para quem é a cópia (o cliente e o responsável passam a ser os dele), e `start_date`/`end_date`, as datas da viagem da cópia; sem eles, os do original. Quando a data de início muda, as datas dos serviços (inclusive os trechos dos voos) andam o mesmo número de dias. Devolve a cópia inteira.',
        errorResponses: {
          400: 'Dados inválidos; data de fim antes da de início (`errors.end_date`); orçamento guardado antes dos limites e além deles, com mais propostas, serviços, passageiros ou indicações do que um orçamento pode ter (`errors.id`).',
          404: `${NOT_FOUND} Ou atendimento inexistente ou de outra agência (\`errors.attendance_id\`).`,
        },
        tags,
      },
    })
    .input(duplicateBudgetInput)
    .output(budgetTreeSchema)
    .mutation(({ ctx, input }) => duplicateBudget(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input)),
  proposals: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/proposals',
        summary: 'Propostas do orçamento',
        description: 'As propostas na ordem, com os seus serviços e totais.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetProposalsOutput)
    .query(({ ctx, input }) => views.budgetProposals(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  observations: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/observations',
        summary: 'Observações do orçamento',
        description: 'As observações do orçamento, que a página do cliente e o PDF mostram.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetObservationsOutput)
    .query(({ ctx, input }) => budgets.getObservations(ctx.db, ctx.companyId, input.id)),
  flyBudget: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/fly-budget',
        summary: 'Aéreos do orçamento',
        description: 'Os serviços aéreos de cada proposta, com os seus trechos.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(flyBudgetOutput)
    .query(({ ctx, input }) => views.flyBudget(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  paxes: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/paxes/',
        summary: 'Passageiros do orçamento',
        description: 'Os passageiros na ordem: vinculados a clientes da agência ou digitados, com faixa etária, nascimento e documentos.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetPaxesOutput)
    .query(({ ctx, input }) => views.budgetPaxes(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  paxCandidates: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/pax-candidates',
        summary: 'Clientes para os passageiros',
        description:
          'O que o seletor de passageiros oferece: o cliente do orçamento e os seus acompanhantes salvos primeiro (os que casam com a busca), depois até 10 outros clientes ativos da agência que casam com ela, cada um com o que o passageiro leva dele (nascimento, CPF, documento de viagem e contato).',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(paxCandidatesInput)
    .output(paxCandidatesOutput)
    .query(({ ctx, input }) => paxCandidates(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id, input.search)),
  travelChecks: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/travel-checks',
        summary: 'Documentos dos passageiros para a viagem',
        description:
          'Passaportes que vencem antes da viagem ou menos de 6 meses depois da volta, o que um brasileiro precisa para entrar no país de destino (visto, autorização eletrônica ou nada; tabela declarada dos 40 países mais vendidos, com fonte e data; "Confira no consulado" para os demais) e os menores que viajam sem os dois pais (no Brasil, menores de 16 sem nenhum deles), que precisam da autorização de viagem. Os pais são reconhecidos pelos acompanhantes salvos dos clientes.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(travelChecksOutput)
    .query(({ ctx, input }) => budgetTravelChecks(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  passengers: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/passengers',
        summary: 'Passageiros por faixa etária',
        description:
          'Quantos adultos, crianças e bebês: no orçamento (pelos passageiros) e em cada proposta (os que dividem os seus totais: os passageiros do orçamento ou, sem eles, os dos serviços).',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetPassengersOutput)
    .query(({ ctx, input }) => views.budgetPassengers(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  paymentMethods: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/payment_methods',
        summary: 'Formas de pagamento das propostas',
        description: 'As formas de pagamento ativas da agência, com as parcelas possíveis sobre o total de venda de cada proposta.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetPaymentMethodsOutput)
    .query(({ ctx, input }) => views.budgetPaymentMethods(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  paymentMethodsByPax: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/{id}/payment_methods_by_pax',
        summary: 'Valores por passageiro e forma de pagamento',
        description:
          'Para a proposta, o que paga cada passageiro de cada faixa etária (`per_passenger_cents`; o primeiro paga também os centavos que sobram da divisão, `first_passenger_cents`) e as parcelas em cada forma de pagamento ativa da agência (ou só em `payment_method_id`).',
        errorResponses: {
          400: 'Proposta de outro orçamento ou forma de pagamento inexistente, inativa ou de outra agência (`errors.proposal_id`, `errors.payment_method_id`).',
          404: NOT_FOUND,
        },
        tags,
      },
    })
    .input(paymentMethodsByPaxInput)
    .output(paymentMethodsByPaxOutput)
    .mutation(({ ctx, input }) => views.paymentMethodsByPax(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input)),
  showValues: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/budgets/{id}/show_values',
        summary: 'Mostra ou esconde os valores',
        description: 'Se a página do cliente e o PDF mostram os preços.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(showValuesInput)
    .output(z.object({ id: z.number().int(), show_values: z.boolean(), version: versionOutput }))
    .mutation(({ ctx, input }) => budgets.setShowValues(ctx.db, callerOf(ctx), input)),
  financialComments: requireFeature('financial_table_comments')
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/financial_table_comments',
        summary: 'Comentários da tabela de valores',
        description:
          'Os comentários da agência nas linhas da tabela de valores do orçamento, dos mais antigos aos mais novos, com autor e data.',
        errorResponses: { 402: FEATURE, 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(financialCommentsOutput)
    .query(({ ctx, input }) => listFinancialComments(ctx.db, ctx.companyId, input.id)),
  addFinancialComment: requireFeature('financial_table_comments')
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/{id}/financial_table_comments',
        summary: 'Comenta uma linha da tabela de valores',
        description:
          "Comentário (1 a 2000 caracteres) numa linha: 'sale', 'cost', 'commission', 'revenue', 'margin', 'installments' ou um serviço ('service:{id}'), opcionalmente de uma proposta. Só a agência vê.",
        errorResponses: {
          400: `Dados inválidos; proposta ou serviço que não é deste orçamento (\`errors.proposal_id\`, \`errors.line\`); orçamento já com o máximo de comentários (\`errors.body\`: ${BUDGET_LIMITS.financialComments.message}).`,
          402: FEATURE,
          404: NOT_FOUND,
        },
        tags,
      },
    })
    .input(addFinancialCommentInput)
    .output(financialCommentSchema)
    .mutation(({ ctx, input }) => addFinancialComment(ctx.db, ctx.companyId, ctx.user.id, input)),
});
