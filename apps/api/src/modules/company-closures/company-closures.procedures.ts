import { companyClosureOutput, companyClosureSchema, requestCompanyClosureInput } from '@app/shared';
import { z } from 'zod';
import { ownerProcedure, router } from '../../trpc';
import { cancelClosure, currentClosure, requestClosure } from './company-closures.service';

const tags = ['Empresas'];
const closureAnswer = z.object({ closure: companyClosureSchema });

export const companyClosuresRouter = router({
  current: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/companies/closure',
        summary: 'Encerramento da conta',
        description: 'O pedido de encerramento mais recente da agência (agendado, cancelado), ou null. Só o dono.',
        tags,
      },
    })
    .input(z.object({}).strict().optional())
    .output(companyClosureOutput)
    .query(({ ctx }) => currentClosure(ctx.db, ctx.companyId)),
  request: ownerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/companies/closure',
        summary: 'Pede o encerramento da conta',
        description:
          'Agenda a exclusão de todos os dados e arquivos da agência para daqui a 30 dias; até lá tudo funciona e o dono pode cancelar (DELETE). `confirmation` é o nome da agência, digitado. Os donos recebem um e-mail a cada passo, e a confirmação quando os dados forem excluídos. Um agendamento por vez (409). Só o dono.',
        tags,
      },
    })
    .input(requestCompanyClosureInput)
    .output(closureAnswer)
    .mutation(({ ctx, input }) =>
      requestClosure({ db: ctx.db, jobs: ctx.platform.jobs }, { companyId: ctx.companyId, userId: ctx.user.id }, input),
    ),
  cancel: ownerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/companies/closure',
        summary: 'Cancela o encerramento da conta',
        description: 'Cancela o encerramento agendado: nada é excluído. 409 quando não há um agendado. Só o dono.',
        tags,
      },
    })
    .input(z.object({}).strict().optional())
    .output(closureAnswer)
    .mutation(({ ctx }) => cancelClosure({ db: ctx.db, jobs: ctx.platform.jobs }, { companyId: ctx.companyId, userId: ctx.user.id })),
});
