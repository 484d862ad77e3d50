import { idParam, soldInfoOutput } from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import { soldInfo } from './sold-info.service';

const tags = ['Orçamentos'];
const NOT_FOUND = 'Orçamento inexistente ou de outra agência.';

/** /venda-fechada/{id}: the sale with its reservations, contracts and vouchers, read together. */
export const closedSalesRouter = router({
  soldInfo: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/sold-info',
        summary: 'Venda fechada do orçamento',
        description:
          'O orçamento e o cliente; a venda em vigor (`sale`, nula se não vendido) como foi congelada: proposta, serviços, valores e cotações do momento da venda, vendedor, comissão e plano de pagamento; as reservas do orçamento (serviço, fornecedor e situação), os contratos e os vouchers (com um link assinado para o arquivo, válido por 15 minutos).',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(soldInfoOutput)
    .query(({ ctx, input }) => soldInfo(ctx.db, ctx.config, ctx.companyId, input.id)),
});
