// The agent's tips on a budget's destination (/api/recommendations): restaurants, tours, documents.
import {
  BUDGET_LIMITS,
  createRecommendationInput,
  idParam,
  RECOMMENDATION_CATEGORY_LABELS,
  recommendationDeletedOutput,
  recommendationSchema,
  updateRecommendationInput,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as recommendations from './recommendations.service';

const tags = ['Indicações'];
const NOT_FOUND = 'Indicação inexistente ou de outra agência.';
const CATEGORIES = Object.entries(RECOMMENDATION_CATEGORY_LABELS)
  .map(([key, label]) => `\`${key}\` (${label.toLowerCase()})`)
  .join(', ');

export const recommendationsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/recommendations',
        summary: 'Cria uma indicação',
        description: `Uma dica do agente sobre o destino do orçamento \`budget_id\`: categoria (${CATEGORIES}), título, descrição e link (http ou https). Entra por último, ou em \`position\`.`,
        errorResponses: {
          400: `Dados inválidos, orçamento inexistente ou de outra agência, ou já com o máximo de indicações (\`errors.budget_id\`: ${BUDGET_LIMITS.recommendations.message}).`,
        },
        tags,
      },
    })
    .input(createRecommendationInput)
    .output(recommendationSchema)
    .mutation(({ ctx, input }) => recommendations.createRecommendation(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/recommendations/{id}',
        summary: 'Mostra uma indicação',
        description: 'A indicação com a sua categoria e a ordem entre as do orçamento.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(recommendationSchema)
    .query(({ ctx, input }) => recommendations.getRecommendation(ctx.db, ctx.companyId, input.id)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/recommendations/{id}',
        summary: 'Altera uma indicação',
        description:
          'Substitui categoria, título, descrição e link (os não enviados ficam vazios). `position` a move entre as indicações do orçamento.',
        errorResponses: { 400: 'Dados inválidos.', 404: NOT_FOUND },
        tags,
      },
    })
    .input(updateRecommendationInput)
    .output(recommendationSchema)
    .mutation(({ ctx, input }) => recommendations.updateRecommendation(ctx.db, ctx.companyId, input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/recommendations/{id}',
        summary: 'Exclui uma indicação',
        description: 'Apaga a indicação; as outras do orçamento mantêm a ordem.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(recommendationDeletedOutput)
    .mutation(({ ctx, input }) => recommendations.deleteRecommendation(ctx.db, ctx.companyId, input.id)),
});
