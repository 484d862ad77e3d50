// A sold budget's contracts (/api/contracts) and the agency's contract templates (/api/contract_templates).
import {
  CONTRACT_MESSAGES,
  CONTRACT_PLACEHOLDERS,
  CONTRACT_TEMPLATE_LIMITS,
  contractDeletedOutput,
  contractPdfLinksOutput,
  contractSchema,
  contractTemplateListOutput,
  contractTemplateSchema,
  createContractTemplateInput,
  generateContractInput,
  idParam,
  sendContractInput,
  sendContractOutput,
  updateContractTemplateInput,
} from '@app/shared';
import { consumeRecipients, recipientCount, SEND_LIMIT_ERROR } from '../../send-limits';
import { authedProcedure, requireFeature, router } from '../../trpc';
import { createContractTemplate, listContractTemplates, updateContractTemplate } from './contract-templates.service';
import * as contracts from './contracts.service';
import { requestContractSignature } from './signature.service';

const tags = ['Contratos'];
const NOT_FOUND = 'Contrato inexistente ou de outra agência.';
const FIELDS = CONTRACT_PLACEHOLDERS.map((p) => `\`{{${p.key}}}\``).join(', ');
const MARKUP = `Texto simples: parágrafos separados por uma linha em branco, linhas que começam com \`# \` são títulos, \`**negrito**\`, e os campos ${FIELDS}. Um campo desconhecido é recusado (400, \`errors.body\`).`;
const FEATURE = 'O plano da agência não inclui o recurso `d4sign` (ou está restrito).';

export const contractTemplatesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contract_templates',
        summary: 'Lista os modelos de contrato',
        description:
          'Os modelos de contrato da agência, o padrão primeiro. Toda agência nasce com o modelo padrão em português (contrato de intermediação de viagem).',
        tags,
      },
    })
    .output(contractTemplateListOutput)
    .query(({ ctx }) => listContractTemplates(ctx.db, ctx.companyId)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/contract_templates',
        summary: 'Cria um modelo de contrato',
        description: `Nome (${CONTRACT_TEMPLATE_LIMITS.name.min} a ${CONTRACT_TEMPLATE_LIMITS.name.max} caracteres) e texto do modelo. ${MARKUP} \`is_default\` faz dele o padrão (o anterior deixa de ser); o padrão fica sempre ativo.`,
        errorResponses: { 400: 'Dados inválidos ou campo desconhecido no texto (`errors.body`).' },
        tags,
      },
    })
    .input(createContractTemplateInput)
    .output(contractTemplateSchema)
    .mutation(({ ctx, input }) => createContractTemplate(ctx.db, ctx.companyId, input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/contract_templates/{id}',
        summary: 'Altera um modelo de contrato',
        description: `Altera os campos enviados: nome, texto, \`is_default\` (tornar padrão desmarca o anterior na mesma transação; o padrão não pode ser desmarcado: marque outro) e \`active\` (o padrão não pode ser desativado). ${MARKUP}`,
        errorResponses: {
          400: 'Dados inválidos ou campo desconhecido no texto (`errors.body`).',
          404: 'Modelo inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(updateContractTemplateInput)
    .output(contractTemplateSchema)
    .mutation(({ ctx, input }) => updateContractTemplate(ctx.db, ctx.companyId, ctx.user, input)),
});

export const contractsRouter = router({
  generate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/contracts/generate/{budget_id}',
        summary: 'Gera o contrato da venda',
        description:
          'Gera o PDF do contrato da venda atual do orçamento, com o modelo `template_id` (ativo, da agência) ou o padrão: os campos vêm da venda como foi fechada (serviços, valores, parcelas e vendedor congelados), do cliente, dos passageiros e da agência. O contrato nasce `generated`.',
        errorResponses: {
          400: 'Dados inválidos; modelo inexistente ou inativo (`errors.template_id`).',
          404: 'Orçamento inexistente ou de outra agência.',
          409: `Orçamento sem venda ("${CONTRACT_MESSAGES.notSold}"), ou modelo antigo com campo desconhecido.`,
        },
        tags,
      },
    })
    .input(generateContractInput)
    .output(contractSchema)
    .mutation(({ ctx, input }) => contracts.generateContract(ctx, { companyId: ctx.companyId, userId: ctx.user.id }, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contracts/{id}',
        summary: 'Mostra um contrato',
        description: 'O contrato com o seu estado (gerado, enviado, cópia assinada enviada, assinado, cancelado) e as datas de cada passo.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(contractSchema)
    .query(({ ctx, input }) => contracts.getContract(ctx, ctx.companyId, input.id)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/contracts/{id}',
        summary: 'Exclui um contrato',
        description:
          'Apaga o contrato e os seus arquivos. Só um contrato nunca assinado (gerado, enviado ou cancelado sem cópia assinada) pode ser excluído; um assinado fica como registro: cancele-o.',
        errorResponses: { 404: NOT_FOUND, 409: CONTRACT_MESSAGES.signedKept },
        tags,
      },
    })
    .input(idParam)
    .output(contractDeletedOutput)
    .mutation(({ ctx, input }) => contracts.deleteContract(ctx, ctx.companyId, input.id)),
  cancel: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/contracts/cancel/{id}',
        summary: 'Cancela um contrato',
        description:
          'Marca o contrato como cancelado (os arquivos ficam). Uma assinatura eletrônica ainda pendente é retirada do serviço de assinatura antes.',
        errorResponses: { 404: NOT_FOUND, 409: CONTRACT_MESSAGES.alreadyCancelled, 502: CONTRACT_MESSAGES.signatureFailed },
        tags,
      },
    })
    .input(idParam)
    .output(contractSchema)
    .mutation(({ ctx, input }) => contracts.cancelContract(ctx, ctx.companyId, input.id)),
  showPdf: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contracts/show_pdf/{id}',
        summary: 'Links do PDF do contrato',
        description:
          '`pdf_url` (o contrato gerado) e `signed_pdf_url` (a cópia assinada, se houver): links assinados que abrem o PDF por 5 minutos, sem login.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(contractPdfLinksOutput)
    .query(({ ctx, input }) => contracts.contractPdfLinks(ctx, ctx.companyId, input.id)),
  send: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/contracts/send',
        summary: 'Envia o contrato ao cliente',
        description:
          'Envia por e-mail (em segundo plano, uma tarefa que nunca envia duas vezes) o PDF do contrato ao e-mail do cliente, ou a `to` (até 10 endereços), com a mensagem do agente. Um contrato gerado passa a enviado.',
        errorResponses: {
          400: `Dados inválidos, ou cliente sem e-mail e nenhum destinatário ("${CONTRACT_MESSAGES.noClientEmail}").`,
          404: NOT_FOUND,
          409: CONTRACT_MESSAGES.cancelled,
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(sendContractInput)
    .output(sendContractOutput)
    .mutation(async ({ ctx, input }) => {
      // Without `to`, the client's one address.
      await consumeRecipients(ctx, input.to ? recipientCount(input.to) : 1);
      return contracts.sendContract(ctx, { companyId: ctx.companyId, userId: ctx.user.id }, input);
    }),
  requestSignature: requireFeature('d4sign')
    .meta({
      openapi: {
        method: 'POST',
        path: '/contracts/signature/{id}',
        summary: 'Envia o contrato para assinatura eletrônica',
        description:
          'Envia o PDF ao serviço de assinatura eletrônica (D4Sign), que pede a assinatura ao cliente por e-mail; o contrato passa a enviado. Quando o cliente assina, o serviço avisa a API, que guarda a cópia assinada e marca o contrato como assinado.',
        errorResponses: {
          402: FEATURE,
          404: NOT_FOUND,
          409: `Contrato cancelado, já assinado ou já enviado para assinatura; cliente sem e-mail ("${CONTRACT_MESSAGES.noSignerEmail}").`,
          429: SEND_LIMIT_ERROR,
          502: CONTRACT_MESSAGES.signatureFailed,
          503: CONTRACT_MESSAGES.signatureNotConfigured,
        },
        tags,
      },
    })
    .input(idParam)
    .output(contractSchema)
    .mutation(async ({ ctx, input }) => {
      // The signature service e-mails the client: one recipient.
      await consumeRecipients(ctx, 1);
      return requestContractSignature(ctx, ctx.companyId, input.id);
    }),
});
