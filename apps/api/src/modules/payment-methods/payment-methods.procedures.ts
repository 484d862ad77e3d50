// payment_method_params: GET and POST /api/payment_method_params, PUT /api/payment_method_params/{id}.
// Any user of the agency reads its methods (budgets offer them); its managers keep them, since a
// method carries where customers pay (the Pix key, the bank instructions).
import {
  createPaymentMethodInput,
  listPaymentMethodsInput,
  MAX_INSTALLMENTS,
  paymentMethodListOutput,
  paymentMethodSchema,
  updatePaymentMethodInput,
} from '@app/shared';
import { authedProcedure, managerProcedure, router } from '../../trpc';
import * as service from './payment-methods.service';

export const PAYMENT_METHODS_TAG = 'Formas de pagamento';
const tags = [PAYMENT_METHODS_TAG];

const fields = `\`kind\` (pix, boleto, credit_card, transfer, cash, invoiced), \`name\`; Pix: \`pix_key_type\` e \`pix_key\` (obrigatórios, guardada como o diretório Pix a guarda); cartão de crédito: \`card_brand_ids\` (bandeiras de \`card_flag_params\` do sistema ou da agência, ativas; ao menos uma); cartão e boleto: \`max_installments\` (1 a ${MAX_INSTALLMENTS}), \`min_installment_cents\` (parcela mínima); \`installment_interest\`: juros ao mês em pontos-base por número de parcelas (índice 0 = 1x; 199 = 1,99% a.m.; sem ele, todas sem juros), um para cada parcela; faturado: \`due_days\` (obrigatório); \`instructions\` (texto para o cliente).`;
const invalid = 'Dados inválidos: campo que não cabe no tipo, faltando para o tipo, ou bandeira inexistente, de outra agência ou inativa.';

export const paymentMethodsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payment_method_params',
        summary: 'Lista as formas de pagamento',
        description:
          'As formas de pagamento da agência, por nome, com as bandeiras e os juros por número de parcelas. Busca (`search`) pelo nome, sem distinção de acentos e maiúsculas; filtros `kind` e `is_active`. Paginado.',
        tags,
      },
    })
    .input(listPaymentMethodsInput)
    .output(paymentMethodListOutput)
    .query(({ ctx, input }) => service.listPaymentMethods(ctx.db, ctx.companyId, input)),
  create: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/payment_method_params',
        summary: 'Cria uma forma de pagamento',
        description: `Cria uma forma de pagamento da agência. Campos: ${fields}`,
        errorResponses: { 400: invalid },
        tags,
      },
    })
    .input(createPaymentMethodInput)
    .output(paymentMethodSchema)
    .mutation(({ ctx, input }) => service.createPaymentMethod(ctx.db, ctx.companyId, input)),
  update: managerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/payment_method_params/{id}',
        summary: 'Altera uma forma de pagamento',
        description:
          'Altera os campos enviados (`card_brand_ids` substitui as bandeiras); as regras do tipo valem para a forma como fica. `is_active: false` desativa e `true` reativa: nada é apagado.',
        errorResponses: { 400: invalid, 404: 'Forma de pagamento inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(updatePaymentMethodInput)
    .output(paymentMethodSchema)
    .mutation(({ ctx, input }) => service.updatePaymentMethod(ctx.db, ctx.companyId, input)),
});
