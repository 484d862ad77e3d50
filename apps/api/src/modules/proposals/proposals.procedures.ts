// A budget's proposals (/api/proposals): the alternatives the customer chooses among.
import {
  BUDGET_LIMITS,
  createProposalInput,
  idParam,
  LAST_PROPOSAL_MESSAGE,
  proposalDeletedOutput,
  proposalSchema,
  updateProposalInput,
  versionedIdParam,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as proposals from './proposals.service';

const tags = ['Propostas'];
const NOT_FOUND = 'Proposta inexistente ou de outra agência.';

export const proposalsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/proposals/',
        summary: 'Cria uma proposta',
        description:
          'Uma proposta vazia do orçamento `budget_id`, por último ou em `position` (as outras se deslocam). Os serviços entram por POST /api/services.',
        errorResponses: {
          400: `Dados inválidos, orçamento inexistente ou de outra agência, ou já com o máximo de propostas (\`errors.budget_id\`: ${BUDGET_LIMITS.proposals.message}).`,
        },
        tags,
      },
    })
    .input(createProposalInput)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => proposals.createProposal(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/proposals/{id}',
        summary: 'Mostra uma proposta',
        description: 'A proposta com a sua ordem no orçamento e os totais de venda e custo na moeda do orçamento.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(proposalSchema)
    .query(({ ctx, input }) => proposals.getProposal(ctx.db, ctx.companyId, input.id)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/proposals/{id}',
        summary: 'Altera uma proposta',
        description:
          'Altera título e observações enviados. `position` move a proposta para esse lugar no orçamento (0 é a primeira) e renumera as outras, numa transação.',
        errorResponses: { 400: 'Dados inválidos.', 404: NOT_FOUND },
        tags,
      },
    })
    .input(updateProposalInput)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => proposals.updateProposal(ctx.db, ctx.companyId, ctx.user, input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/proposals/{id}',
        summary: 'Exclui uma proposta',
        description:
          'Apaga a proposta com os seus serviços e recalcula o total do orçamento. A única proposta de um orçamento não pode ser excluída.',
        errorResponses: { 404: NOT_FOUND, 409: LAST_PROPOSAL_MESSAGE },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(proposalDeletedOutput)
    .mutation(({ ctx, input }) => proposals.deleteProposal(ctx.db, ctx.companyId, ctx.user, input)),
  duplicate: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/proposals/duplicate/{id}',
        summary: 'Duplica uma proposta',
        description:
          'Uma cópia da proposta logo depois dela, com título terminado em " (cópia)" e os seus serviços (os cancelados ficam de fora), com os mesmos valores e cotações, numa transação.',
        errorResponses: {
          400: `A cópia passaria dos limites do orçamento (\`errors.id\`, nada é gravado): ${BUDGET_LIMITS.proposals.message} ${BUDGET_LIMITS.servicesPerProposal.message} ${BUDGET_LIMITS.servicesPerBudget.message}`,
          404: NOT_FOUND,
        },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(proposalSchema)
    .mutation(({ ctx, input }) => proposals.duplicateProposal(ctx.db, ctx.companyId, input)),
});
