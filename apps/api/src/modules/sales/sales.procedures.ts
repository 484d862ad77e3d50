import { NFSE_MESSAGES, SALE_MESSAGES, sellBudgetInput, sellBudgetOutput, undoSellInput, undoSellOutput } from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import { sellBudget, undoSale } from './sales.service';

const tags = ['Orçamentos'];
const NOT_FOUND = 'Orçamento inexistente ou de outra agência.';

export const salesRouter = router({
  sell: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/budgets/sell/{id}',
        summary: 'Fecha a venda do orçamento',
        description:
          'Vende a proposta aceita (ou a escolhida em `proposal_id`) de um orçamento enviado ou aceito, numa única transação: congela a proposta, os seus serviços ativos, os valores e as cotações desse momento (mudanças posteriores de cotação não mexem na venda), registra o vendedor (padrão: o responsável pelo orçamento) e a comissão (`commission_basis_points` sobre a venda), e o plano de pagamento: `payment_plan` inteiro (parcelas numeradas de 1 a n que somam o valor da venda) ou `installments` parcelas mensais a partir de `first_due_date` (padrão: hoje; os centavos que sobram na primeira). Forma de pagamento e parcelas, quando não enviadas, são as que o cliente escolheu ao aceitar essa proposta. O orçamento passa a vendido e fica congelado, o atendimento passa a ganho no funil, o histórico registra a venda e cada serviço vendido ganha uma reserva pendente.',
        errorResponses: {
          400: `Dados inválidos; proposta ausente ("${SALE_MESSAGES.proposalRequired}"), de outro orçamento ou sem serviços (\`errors.proposal_id\`); vendedor inexistente, inativo ou de outra agência (\`errors.seller_user_id\`); parcelas que não somam a venda ("${SALE_MESSAGES.planTotal}", \`errors.payment_plan\`).`,
          404: `${NOT_FOUND} Ou forma de pagamento de outra agência ("${SALE_MESSAGES.paymentMethodNotFound}").`,
          409: `Orçamento já vendido ("${SALE_MESSAGES.alreadySold}") ou que não está enviado nem aceito ("${SALE_MESSAGES.notSellable}").`,
        },
        tags,
      },
    })
    .input(sellBudgetInput)
    .output(sellBudgetOutput)
    .mutation(({ ctx, input }) => sellBudget(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id, jobs: ctx.platform.jobs }, input)),
  undoSell: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/budgets/undo-sell/{id}',
        summary: 'Desfaz a venda do orçamento',
        description:
          'A venda fica registrada como desfeita (quando, por quem e `reason`); o orçamento volta a aceito (ou enviado) e pode ser alterado de novo; o atendimento volta para Em aberto (a menos que outro orçamento dele continue vendido). `reservations` e `contracts`: `cancel` (padrão) cancela as reservas da venda e os contratos do orçamento, `keep` os mantém. O histórico do atendimento registra o que foi cancelado; a resposta traz as contagens.',
        errorResponses: {
          404: NOT_FOUND,
          409: `Orçamento que não está vendido ("${SALE_MESSAGES.notSold}"), ou venda com NFS-e autorizada, em emissão ou em cancelamento ("${NFSE_MESSAGES.saleHasNote}").`,
        },
        tags,
      },
    })
    .input(undoSellInput)
    .output(undoSellOutput)
    .mutation(({ ctx, input }) => undoSale(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id, jobs: ctx.platform.jobs }, input)),
});
