import {
  fileSize,
  idParam,
  sendVouchersInput,
  sendVouchersOutput,
  VOUCHER_MESSAGES,
  voucherDeletedOutput,
  voucherSchema,
} from '@app/shared';
import { consumeRecipients, recipientCount, SEND_LIMIT_ERROR } from '../../send-limits';
import { authedProcedure, router } from '../../trpc';
import { VOUCHER_LINK_TTL_SECONDS, VOUCHER_SHARE_DAYS } from './voucher-links';
import { VOUCHER_MAIL_ATTACHMENTS_MAX_BYTES } from './vouchers.jobs';
import { deleteVoucher, getVoucher, queueVoucherMailing } from './vouchers.service';

const tags = ['Vouchers'];
const NOT_FOUND = 'Voucher inexistente ou de outra agência.';

export const vouchersRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/vouchers/{id}',
        summary: 'Mostra um voucher',
        description: `O voucher (serviço vendido ou a viagem inteira, nome, tipo e tamanho do arquivo, quando foi enviado ao cliente) com \`url\`, um link assinado para o arquivo que vale ${VOUCHER_LINK_TTL_SECONDS / 60} minutos.`,
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(voucherSchema)
    .query(({ ctx, input }) => getVoucher(ctx, ctx.companyId, input.id)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/vouchers/{id}',
        summary: 'Exclui um voucher',
        description: 'Apaga o voucher e o seu arquivo; os links já enviados ao cliente deixam de abrir.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(voucherDeletedOutput)
    .mutation(({ ctx, input }) => deleteVoucher(ctx, ctx.companyId, input.id)),
  send: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/vouchers/send',
        summary: 'Envia os vouchers ao cliente',
        description: `Envia por e-mail (em segundo plano, uma tarefa que nunca envia duas vezes) os vouchers escolhidos do orçamento vendido (\`voucher_ids\`; todos, se omitido) com a marca e o contato da agência, a mensagem do agente, os arquivos em anexo (até ${fileSize(VOUCHER_MAIL_ATTACHMENTS_MAX_BYTES)} no total; os demais só pelo link) e o link de cada um, válido por ${VOUCHER_SHARE_DAYS} dias. \`to\` é, por padrão, o e-mail do cliente. A resposta traz também \`whatsapp_url\`, o compartilhamento dos mesmos links pelo WhatsApp do cliente.`,
        errorResponses: {
          400: `Cliente sem e-mail e nenhum destinatário informado ("${VOUCHER_MESSAGES.noRecipient}").`,
          404: `Orçamento inexistente ou de outra agência, ou voucher de outro orçamento ("${VOUCHER_MESSAGES.voucherNotFound}").`,
          409: `Orçamento não vendido ("${VOUCHER_MESSAGES.notSold}") ou sem vouchers ("${VOUCHER_MESSAGES.noVouchers}").`,
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(sendVouchersInput)
    .output(sendVouchersOutput)
    .mutation(async ({ ctx, input }) => {
      // Without `to`, the client's one address. The WhatsApp link of the answer sends nothing: the agent opens it.
      await consumeRecipients(ctx, input.to ? recipientCount(input.to) : 1);
      return queueVoucherMailing(
        { db: ctx.db, jobs: ctx.platform.jobs, config: ctx.config },
        { companyId: ctx.companyId, userId: ctx.user.id },
        input,
      );
    }),
});
