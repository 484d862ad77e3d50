import {
  COMMISSION_MESSAGES,
  commissionListOutput,
  commissionStatementInput,
  commissionStatementOutput,
  FINANCE_MESSAGES,
  listCommissionsInput,
  listPayablesInput,
  listReceivablesInput,
  payableListOutput,
  payCommissionInput,
  payCommissionOutput,
  payInput,
  payOutput,
  receivableListOutput,
  receiveInput,
  receiveOutput,
} from '@app/shared';
import { managerProcedure, router } from '../../trpc';
import { commissionStatement, listCommissions, payCommission } from './commissions.service';
import { assertSeesCosts, listPayables, pay } from './payables.service';
import { listReceivables, receive } from './receivables.service';

const tags = ['Financeiro'];
const MANAGERS = 'Só o dono e os administradores da agência (403 para os demais).';

export const receivablesRouter = router({
  list: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/receivables',
        summary: 'Lista as contas a receber',
        description: `Cada parcela do plano de pagamento de cada venda, por vencimento: valor, recebido, o que falta, situação (\`open\` em aberto, \`overdue\` atrasada: em aberto e vencida antes de hoje no fuso da agência, \`received\` recebida, \`canceled\` cancelada pelo desfazer da venda), a forma de pagamento da venda e, numa parcela Pix em aberto, o BR Code do valor exato que falta. Filtros: situação, período de vencimento (\`from\`, \`to\`), busca pelo nome do cliente ou título do orçamento, orçamento; paginado. \`totals\`, por moeda e com os filtros menos a situação: em aberto (o que falta, vencidas incluídas), atrasado e recebido no período (pelos dias de recebimento). ${MANAGERS}`,

        tags,
      },
    })
    .input(listReceivablesInput)
    .output(receivableListOutput)
    .query(({ ctx, input }) => listReceivables(ctx.db, ctx.companyId, input)),
  receive: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/receivables/{id}/receive',
        summary: 'Registra um recebimento',
        description: `Registra o que o cliente pagou da parcela: dia (\`received_on\`, padrão hoje), valor (\`amount_cents\`, padrão o que falta), forma e observação. Um valor menor deixa o resto em aberto; a parcela fica recebida quando nada falta. ${MANAGERS}`,
        errorResponses: {
          400: `Dados inválidos; valor acima do que falta ("${FINANCE_MESSAGES.amountOverOpen}", \`errors.amount_cents\`).`,
          404: 'Parcela inexistente ou de outra agência.',
          409: `Parcela recebida ou cancelada ("${FINANCE_MESSAGES.receivableClosed}").`,
        },
        tags,
      },
    })
    .input(receiveInput)
    .output(receiveOutput)
    .mutation(({ ctx, input }) =>
      receive(ctx, { companyId: ctx.companyId, userId: ctx.user.id, issuesNfse: ctx.entitlements.features.nfse === true }, input),
    ),
});

const COSTS = `${MANAGERS} O que a agência paga aos fornecedores é custo: 403 também para quem a agência não deixa ver custos e margens.`;

export const payablesRouter = router({
  list: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payables',
        summary: 'Lista as contas a pagar',
        description: `Cada reserva com fornecedor e vencimento do pagamento, por vencimento: o que a agência paga ao fornecedor (na moeda da reserva) e a situação (\`open\` em aberto, \`overdue\` atrasada, \`paid\` paga, \`canceled\` reserva cancelada sem pagamento). Filtros: situação, período de vencimento, busca pelo fornecedor, cliente ou título do orçamento, orçamento; paginado. \`totals\` por moeda: em aberto, atrasado e pago no período. ${COSTS}`,

        tags,
      },
    })
    .input(listPayablesInput)
    .output(payableListOutput)
    .query(({ ctx, input }) => {
      assertSeesCosts(ctx.seesCosts);
      return listPayables(ctx.db, ctx.companyId, input);
    }),
  pay: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payables/{id}/pay',
        summary: 'Marca uma conta a pagar como paga',
        description: `O fornecedor foi pago: dia (\`paid_on\`, padrão hoje), forma e observação. A tarefa "Pagamento a fornecedor vence amanhã" deixa de ser criada para ela. ${COSTS}`,
        errorResponses: {
          404: 'Conta a pagar inexistente ou de outra agência.',
          409: `Já paga ou reserva cancelada ("${FINANCE_MESSAGES.payableClosed}").`,
        },
        tags,
      },
    })
    .input(payInput)
    .output(payOutput)
    .mutation(({ ctx, input }) => {
      assertSeesCosts(ctx.seesCosts);
      return pay(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id }, input);
    }),
});

export const commissionsRouter = router({
  list: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/commissions',
        summary: 'Lista as comissões do mês',
        description: `Para o mês (\`month\`, AAAA-MM, pelo dia em que cada venda foi fechada no fuso da agência), uma linha por vendedor e moeda: vendas, total vendido, receita da agência (venda - custo), comissão ganha (os pontos-base gravados em cada venda, sobre o total), paga e a pagar, e a situação (\`none\` sem comissão, \`due\` a pagar, \`paid\` paga). Vendas desfeitas não contam. \`totals\` por moeda somam todos os vendedores do mês. Filtro: vendedor (\`seller_id\`); paginado. ${MANAGERS} A receita some para quem a agência não deixa ver custos e margens.`,
        tags,
      },
    })
    .input(listCommissionsInput)
    .output(commissionListOutput)
    .query(({ ctx, input }) => listCommissions(ctx.db, ctx.companyId, input)),
  statement: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/commissions/statement',
        summary: 'Extrato de comissão de um vendedor no mês',
        description: `As vendas do vendedor (\`seller_id\`) no mês (\`month\`), da mais antiga: orçamento, cliente, dia, total, receita, pontos-base e comissão; e os pagamentos de comissão feitos para esse mês. Paginado pelas vendas. ${MANAGERS}`,
        errorResponses: { 404: 'Vendedor inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(commissionStatementInput)
    .output(commissionStatementOutput)
    .query(({ ctx, input }) => commissionStatement(ctx.db, ctx.companyId, input)),
  pay: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/commissions/pay',
        summary: 'Marca a comissão do mês como paga',
        description: `Registra o pagamento de tudo o que está a pagar ao vendedor (\`seller_id\`) no mês (\`month\`) numa moeda (\`currency\`): dia (\`paid_on\`, padrão hoje) e observação. Uma venda fechada depois no mesmo mês deixa a diferença a pagar. ${MANAGERS}`,
        errorResponses: {
          400: `Dados inválidos; mês que ainda não começou ("${COMMISSION_MESSAGES.futureMonth}", \`errors.month\`).`,
          404: 'Vendedor inexistente ou de outra agência.',
          409: `Nada a pagar ("${COMMISSION_MESSAGES.nothingDue}").`,
        },
        tags,
      },
    })
    .input(payCommissionInput)
    .output(payCommissionOutput)
    .mutation(({ ctx, input }) => payCommission(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id }, input)),
});
