import { idParam } from '@app/shared';
import { budgetPresenceOutput, PRESENCE_TIMING } from '@app/shared/events';
import { authedProcedure, router } from '../../trpc';
import { announcePresence } from './presence.service';

const tags = ['Orçamentos'];
const NOT_FOUND = 'Orçamento inexistente ou de outra agência.';
const STREAM = 'aos agentes da agência com `GET /api/events` aberto (evento `presence`)';

export const presenceRouter = router({
  beat: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/{id}/presence',
        summary: 'Avisa que o orçamento está aberto',
        description: `Conta ${STREAM} que o usuário está com o orçamento aberto ("<nome> está editando este orçamento"). O editor repete o aviso a cada ${PRESENCE_TIMING.beatMs / 1000} s; sem aviso por ${PRESENCE_TIMING.expiresMs / 1000} s, o usuário deixa de aparecer. Nada é gravado.`,
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetPresenceOutput)
    .mutation(({ ctx, input }) => announcePresence(ctx.db, ctx.companyId, ctx.user, input.id, 'editing')),
  leave: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/budgets/{id}/presence',
        summary: 'Avisa que o orçamento foi fechado',
        description: `Conta ${STREAM} que o usuário saiu do orçamento. Nada é gravado.`,
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetPresenceOutput)
    .mutation(({ ctx, input }) => announcePresence(ctx.db, ctx.companyId, ctx.user, input.id, 'left')),
});
