// A budget's services (/api/services, /api/type_services), their cancellation (/api/refunds/) and its undo.
import {
  BUDGET_LIMITS,
  createServiceInput,
  duplicateServiceInput,
  idParam,
  refundInput,
  SALE_MESSAGES,
  serviceCentralSchema,
  serviceDeletedOutput,
  serviceSchema,
  typeServicesOutput,
  undoRefundInput,
  updateServiceInput,
  versionedIdParam,
  z,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import type { Entitlements } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import { parseItinerary } from './parse-itinerary.procedures';
import * as services from './services.service';

const tags = ['Serviços'];
const NOT_FOUND = 'Serviço inexistente ou de outra agência.';
const WRITE_ERRORS =
  'Dados inválidos, com o campo em `errors`: proposta que não é da agência (`proposal_id`), fornecedor inexistente, de outra agência ou inativo (`supplier_id`), item de lista que não é da lista certa ou que a agência não vê (pelo caminho, ex.: `details.segments.0.airline_id`), hotel favorito de outra agência (`details.favorite_hotel_id`), moeda sem câmbio algum: nem o do serviço, nem o do orçamento, nem cotação do dia (`quote_rate`, pedindo o câmbio), câmbio do serviço em reais ou na moeda do orçamento (`quote_rate`), valor negativo, mais trechos ou quartos que o limite (`details.segments`, `details.rooms`).';
/** The 400 of a write that would add a service past the budget's limits. */
const ROOM_ERRORS = `${BUDGET_LIMITS.servicesPerProposal.message} ${BUDGET_LIMITS.servicesPerBudget.message} Nada é gravado.`;

/** The plan's features decide which quotes the agency works with (as requireFeature reads them). */
export const callerOf = (ctx: { user: SessionUser; entitlements: Entitlements; seesCosts: boolean }): services.ServiceCaller => ({
  userId: ctx.user.id,
  companyId: ctx.user.companyId,
  role: ctx.user.role,
  features: ctx.entitlements.features,
  seesCosts: ctx.seesCosts,
});

export const servicesRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/services',
        summary: 'Cria um serviço numa proposta',
        description:
          'Um serviço (aéreo, hospedagem, cruzeiro, locação de veículo, transfer, seguro viagem, passeio/ingresso, outros) da proposta `proposal_id`, com os campos do tipo em `details` (ver GET /api/type_services). Valores em centavos na moeda do serviço: por passageiro de cada faixa etária (`adult_cents`, `child_cents`, `infant_cents`), por quarto (`details.rooms`, na hospedagem, que define também quantas pessoas viajam) ou um total (`total_cents`); mais taxas, taxa de serviço da agência e comissão do fornecedor em pontos-base. Guarda o câmbio usado (`quote_rate`, reais por unidade) e de onde veio (`quote_source`): o câmbio do serviço, se enviado em `quote_rate` (o da operadora, informado pelo agente); senão o câmbio do orçamento para a moeda (`agent_rates` do orçamento); senão a cotação do dia (`quote_history_id`). Recalcula os totais da proposta e do orçamento. Entra por último na proposta, ou em `position`.',
        errorResponses: { 400: `${WRITE_ERRORS} Proposta ou orçamento já no máximo de serviços (\`proposal_id\`): ${ROOM_ERRORS}` },
        tags,
      },
    })
    .input(createServiceInput)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => services.createService(ctx.db, callerOf(ctx), input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/services/{id}',
        summary: 'Mostra um serviço',
        description:
          'O serviço como está guardado, com fornecedor, cotação usada, totais na moeda do orçamento e o reembolso, se cancelado.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(serviceSchema)
    .query(({ ctx, input }) => services.getService(ctx.db, ctx.companyId, input.id)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/services/{id}',
        summary: 'Altera um serviço',
        description:
          'Substitui todos os campos do serviço (os mesmos da criação). `proposal_id` pode ser outra proposta do mesmo orçamento (o serviço vai para o fim dela, ou para `position`); `position` reordena os serviços da proposta. Toma o câmbio de novo (o do serviço, se enviado em `quote_rate`; senão o do orçamento; senão a cotação do dia) e recalcula os totais. Um serviço cancelado não muda.',
        errorResponses: {
          400: `${WRITE_ERRORS} Uma proposta de outro orçamento também é recusada em \`proposal_id\`, e uma que já tem o máximo de serviços (${BUDGET_LIMITS.servicesPerProposal.message}).`,
          404: NOT_FOUND,
          409: services.SERVICE_MESSAGES.canceled,
        },
        tags,
      },
    })
    .input(updateServiceInput)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => services.updateService(ctx.db, callerOf(ctx), input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/services/{id}',
        summary: 'Exclui um serviço',
        description: 'Apaga o serviço (e o seu reembolso) e recalcula os totais da proposta e do orçamento.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(serviceDeletedOutput)
    .mutation(({ ctx, input }) => services.deleteService(ctx.db, callerOf(ctx), input)),
  serviceCentral: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/services/service-central/{id}',
        summary: 'Central do serviço',
        description:
          'O que a página do serviço mostra: o serviço, o orçamento e a proposta em que está, o fornecedor, o reembolso, e o nome e o código de cada item de lista que os campos do tipo citam, pelo caminho do campo (`references["details.segments.0.airline_id"]`).',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(serviceCentralSchema)
    .query(({ ctx, input }) => services.serviceCentral(ctx.db, ctx.companyId, input.id)),
  duplicate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/services/duplicate',
        summary: 'Duplica um serviço',
        description:
          'Uma cópia do serviço logo depois dele na mesma proposta, com os mesmos valores e a mesma cotação, título terminado em " (cópia)" e ativa (sem o reembolso do original). Os totais são recalculados.',
        errorResponses: { 400: `A cópia passaria dos limites (\`errors.id\`): ${ROOM_ERRORS}`, 404: NOT_FOUND },
        tags,
      },
    })
    .input(duplicateServiceInput)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => services.duplicateService(ctx.db, ctx.companyId, input)),
  parseItinerary,
  types: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/type_services',
        summary: 'Lista os tipos de serviço',
        description:
          'Cada tipo de serviço de um orçamento: nome, como é precificado (`per_pax`: por passageiro; `per_room`: por quarto; `total`: um valor), os campos que escolhem de listas (com a lista e o seu nome), os tipos de fornecedor oferecidos, e os padrões da agência tirados dos serviços que ela já fez do tipo: o fornecedor mais usado e a comissão média.',
        tags,
      },
    })
    .input(z.void())
    .output(typeServicesOutput)
    .query(({ ctx }) => services.typeServices(ctx.db, ctx.companyId)),
  refund: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/refunds/',
        summary: 'Cancela um serviço com reembolso',
        description:
          'Cancela o serviço: o cliente recebe `refund_cents` de volta (no máximo o valor de venda do serviço, na moeda dele) e o fornecedor fica com `penalty_cents` (multa). O serviço passa a valer venda menos reembolso, com custo igual à multa, e os totais da proposta e do orçamento acompanham. Uma vez só.',
        errorResponses: {
          400: 'Dados inválidos ou reembolso maior que o valor de venda (`errors.refund_cents`).',
          404: NOT_FOUND,
          409: services.SERVICE_MESSAGES.alreadyCanceled,
        },
        tags: ['Serviços'],
      },
    })
    .input(refundInput)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => services.refundService(ctx.db, callerOf(ctx), input)),
  undoRefund: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/refunds/{service_id}',
        summary: 'Desfaz o cancelamento de um serviço',
        description:
          'Desfaz o cancelamento com reembolso: o serviço volta a ativo pelo valor cheio, sem reembolso nem multa, e os totais da proposta e do orçamento acompanham. O reembolso desfeito fica registrado (valores, motivo, quem o lançou e quem o desfez). Num orçamento vendido, só um reembolso lançado depois da venda pode ser desfeito; a venda guarda o que congelou.',
        errorResponses: {
          404: NOT_FOUND,
          409: `Serviço que não está cancelado ("${services.SERVICE_MESSAGES.notCanceled}") ou orçamento vendido com o reembolso lançado antes da venda ("${SALE_MESSAGES.soldFrozen}").`,
        },
        tags,
      },
    })
    .input(undoRefundInput)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => services.undoRefund(ctx.db, callerOf(ctx), input)),
});
