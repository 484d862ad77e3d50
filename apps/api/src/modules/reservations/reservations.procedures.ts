import {
  createReservationInput,
  idParam,
  RESERVATION_MESSAGES,
  reservationSchema,
  sendReservationInput,
  sendReservationOutput,
  updateReservationInput,
} from '@app/shared';
import { consumeRecipients, recipientCount, SEND_LIMIT_ERROR } from '../../send-limits';
import { authedProcedure, router } from '../../trpc';
import * as reservations from './reservations.service';

const tags = ['Reservas'];
const NOT_FOUND = 'Reserva inexistente ou de outra agência.';
const SUPPLIER = `Fornecedor inexistente ou de outra agência ("${RESERVATION_MESSAGES.supplierNotFound}", \`errors.supplier_id\`).`;

export const reservationsRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reservations/',
        summary: 'Cria uma reserva',
        description:
          'A reserva de um serviço vendido (ativo, da proposta vendida) de um orçamento vendido, quando o serviço não tem outra reserva em vigor. Fornecedor, moeda e valor (o que a agência paga ao fornecedor) vêm do serviço vendido quando não enviados. Nasce pendente.',
        errorResponses: {
          400: `Dados inválidos; orçamento inexistente ou de outra agência (\`errors.budget_id\`); serviço que não é da proposta vendida ("${RESERVATION_MESSAGES.serviceNotSold}", \`errors.service_id\`); ${SUPPLIER}`,
          409: `Orçamento não vendido ("${RESERVATION_MESSAGES.budgetNotSold}") ou serviço já reservado ("${RESERVATION_MESSAGES.alreadyReserved}").`,
        },
        tags,
      },
    })
    .input(createReservationInput)
    .output(reservationSchema)
    .mutation(({ ctx, input }) =>
      reservations.createReservation(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id, seesCosts: ctx.seesCosts }, input),
    ),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/reservations/{id}',
        summary: 'Mostra uma reserva',
        description:
          'A reserva com o serviço como foi vendido, o fornecedor (e o e-mail para onde vai o pedido) e o último pedido enviado.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(reservationSchema)
    .query(({ ctx, input }) => reservations.getReservation(ctx.db, ctx.companyId, input.id)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/reservations/{id}',
        summary: 'Altera uma reserva',
        description:
          'Altera os campos enviados: fornecedor, localizador, moeda, valor, prazo de pagamento ao fornecedor, observações. `status` muda a situação e registra quando: solicitada (`requested_at`), confirmada (`confirmed_at`), cancelada (`canceled_at`). Uma reserva cancelada só volta enquanto o orçamento está vendido e o serviço não tem outra em vigor.',
        errorResponses: {
          400: `Dados inválidos; ${SUPPLIER}`,
          404: NOT_FOUND,
          409: `Reativar com o orçamento não vendido ("${RESERVATION_MESSAGES.budgetNotSold}") ou com outra reserva do serviço em vigor ("${RESERVATION_MESSAGES.alreadyReserved}").`,
        },
        tags,
      },
    })
    .input(updateReservationInput)
    .output(reservationSchema)
    .mutation(({ ctx, input }) =>
      reservations.updateReservation(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id, seesCosts: ctx.seesCosts }, input),
    ),
  send: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/reservations/send/{id}',
        summary: 'Pede a reserva ao fornecedor',
        description:
          'Envia ao fornecedor (ao seu e-mail, ou a `to`) um e-mail da agência pedindo a reserva do serviço: cliente e passageiros, datas, serviço e detalhes, valor, a mensagem e o contato do agente; as respostas vão para o e-mail do agente. O envio é feito em segundo plano (uma tarefa que nunca envia duas vezes). Uma reserva pendente passa a solicitada.',
        errorResponses: {
          400: `Dados inválidos ou fornecedor sem e-mail ("${RESERVATION_MESSAGES.noSupplierEmail}", \`errors.to\`).`,
          404: NOT_FOUND,
          409: `Reserva cancelada ("${RESERVATION_MESSAGES.canceled}").`,
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(sendReservationInput)
    .output(sendReservationOutput)
    .mutation(async ({ ctx, input }) => {
      // Without `to`, the supplier's one address.
      await consumeRecipients(ctx, input.to ? recipientCount(input.to) : 1);
      return reservations.sendReservation(
        { db: ctx.db, jobs: ctx.platform.jobs },
        { companyId: ctx.companyId, userId: ctx.user.id, seesCosts: ctx.seesCosts },
        input,
      );
    }),
});
