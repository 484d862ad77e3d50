import { BUDGET_MAIL_MESSAGES, budgetMailingOutput, LANDING_PAGE_MESSAGES, sendBudgetEmailInput, sendProposalsInput } from '@app/shared';
import { consumeRecipients, recipientCount, SEND_LIMIT_ERROR } from '../../send-limits';
import { authedProcedure, router } from '../../trpc';
import { queueBudgetMailing } from './budget-documents.service';

const tags = ['Orçamentos'];
const NOT_FOUND = 'Orçamento inexistente ou de outra agência.';
const CONFLICT = `Orçamento cancelado ("${BUDGET_MAIL_MESSAGES.canceled}") ou com o link revogado ("${BUDGET_MAIL_MESSAGES.linkRevoked}").`;

export const budgetDocumentsRouter = router({
  sendEmail: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/send-email/{id}',
        summary: 'Envia o orçamento por e-mail',
        description:
          'Envia ao cliente (até 10 destinatários) um e-mail com a marca e o contato da agência, a mensagem do agente, um botão para a página do orçamento e o PDF de todas as propostas em anexo; as respostas vão para o e-mail do agente. O envio é feito em segundo plano (uma tarefa que nunca envia duas vezes). Um orçamento em rascunho passa a enviado, e o histórico do atendimento registra o envio.',
        errorResponses: { 404: NOT_FOUND, 409: CONFLICT, 429: SEND_LIMIT_ERROR },
        tags,
      },
    })
    .input(sendBudgetEmailInput)
    .output(budgetMailingOutput)
    .mutation(async ({ ctx, input }) => {
      await consumeRecipients(ctx, recipientCount(input.to));
      return queueBudgetMailing({ db: ctx.db, jobs: ctx.platform.jobs }, { companyId: ctx.companyId, userId: ctx.user.id }, input.id, {
        kind: 'budget',
        to: input.to,
        message: input.message,
        proposalIds: [],
        version: input.version,
      });
    }),
  sendProposals: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/{id}/send-proposals',
        summary: 'Envia propostas escolhidas por e-mail',
        description:
          'Como o envio do orçamento, mas o e-mail e o PDF levam só as propostas escolhidas (`proposal_ids`, todas do orçamento). Um orçamento em rascunho passa a enviado, e o histórico do atendimento registra o envio.',
        errorResponses: {
          404: `${NOT_FOUND} Ou proposta de outro orçamento ("${LANDING_PAGE_MESSAGES.proposalNotFound}").`,
          409: CONFLICT,
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(sendProposalsInput)
    .output(budgetMailingOutput)
    .mutation(async ({ ctx, input }) => {
      await consumeRecipients(ctx, recipientCount(input.to));
      return queueBudgetMailing({ db: ctx.db, jobs: ctx.platform.jobs }, { companyId: ctx.companyId, userId: ctx.user.id }, input.id, {
        kind: 'proposals',
        to: input.to,
        message: input.message,
        proposalIds: input.proposal_ids,
        version: input.version,
      });
    }),
});
