import {
  cancelNfseInput,
  idParam,
  issueNfseOutput,
  listNfseInput,
  nfseListOutput,
  nfsePreviewSchema,
  nfseSettingsSchema,
  saleNfseOutput,
  saveNfseSettingsInput,
  substituteNfseInput,
} from '@app/shared';
import { z } from 'zod';
import { managerProcedure, ownerProcedure, requireFeature, router } from '../../trpc';
import {
  cancelNfse,
  getNfseSettings,
  listNfse,
  previewNfse,
  requestNfse,
  saleNfse,
  saveNfseSettings,
  substituteNfse,
} from './nfse.service';

const tags = ['NFS-e'];
const feature = 'nfse' as const;
const planError = { 402: 'O plano da agência não inclui a emissão de NFS-e.' };

export const nfseRouter = router({
  settings: ownerProcedure
    .meta({
      feature,
      openapi: {
        method: 'GET',
        path: '/nfse/settings',
        summary: 'Mostra os dados fiscais da agência para a NFS-e',
        description:
          'CNPJ, inscrição municipal, município (código IBGE), regime, código e descrição do serviço, alíquota do ISS (em centésimos de ponto percentual), base da nota (`intermediacao`: a receita da agência na venda; `venda`: o valor total) e ambiente (`homologacao` até o proprietário passar a `producao`). Do certificado A1 só o titular e a validade: o arquivo e a senha nunca voltam.',
        errorResponses: { ...planError, 403: 'Só o proprietário gerencia os dados fiscais.' },
        tags,
      },
    })
    .input(z.void())
    .output(nfseSettingsSchema)
    .query(({ ctx }) => getNfseSettings(ctx.db, ctx.companyId)),
  saveSettings: ownerProcedure
    .meta({
      feature,
      openapi: {
        method: 'PUT',
        path: '/nfse/settings',
        summary: 'Salva os dados fiscais da agência para a NFS-e',
        description:
          'O certificado A1 vai em `certificate_pfx_base64` (o arquivo .pfx em base64) com `certificate_password`: ele é aberto e conferido (senha e validade) e guardado criptografado com a senha; omitidos, os guardados continuam. `auto_issue` (padrão falso) emite a NFS-e da venda sozinha quando a última parcela dela é recebida.',
        errorResponses: {
          400: 'Campos inválidos, certificado que não abre ou vencido (`errors`).',
          ...planError,
          403: 'Só o proprietário gerencia os dados fiscais.',
        },
        tags,
      },
    })
    .input(saveNfseSettingsInput)
    .output(nfseSettingsSchema)
    .mutation(({ ctx, input }) => saveNfseSettings(ctx, ctx.companyId, input)),
  sale: requireFeature(feature)
    .meta({
      openapi: {
        method: 'GET',
        path: '/sales/{id}/nfse',
        summary: 'Mostra a NFS-e da venda',
        description:
          '`note` nula enquanto não foi pedida; `pending` em emissão, `authorized` com número e chave de acesso, `rejected` com os erros em português do que corrigir.',
        errorResponses: { ...planError, 404: 'Venda inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(saleNfseOutput)
    .query(({ ctx, input }) => saleNfse(ctx.db, ctx.companyId, input.id)),
  preview: managerProcedure
    .meta({
      feature,
      openapi: {
        method: 'GET',
        path: '/sales/{id}/nfse/preview',
        summary: 'Mostra a NFS-e que a venda emitiria',
        description:
          'O que POST /sales/{id}/nfse enviaria, sem enviar: valor e ISS em centavos de real pela base configurada, alíquota, descrição, código do serviço, ambiente e o tomador (o cliente do orçamento: nome, CPF ou CNPJ só com dígitos, e-mail). `warnings` diz o que convém corrigir antes (um cliente sem CPF nem CNPJ sai sem tomador identificado). Recusada pelos mesmos motivos da emissão.',
        errorResponses: {
          ...planError,
          403: 'Só o proprietário e os administradores emitem NFS-e.',
          404: 'Venda inexistente ou de outra agência.',
          409: 'Venda desfeita, valor zero, ou dados fiscais/certificado ausentes.',
        },
        tags,
      },
    })
    .input(idParam)
    .output(nfsePreviewSchema)
    .query(({ ctx, input }) => previewNfse(ctx.db, ctx.companyId, input.id)),
  issue: managerProcedure
    .meta({
      feature,
      openapi: {
        method: 'POST',
        path: '/sales/{id}/nfse',
        summary: 'Emite a NFS-e da venda',
        description:
          'Calcula valor e descrição pela base configurada, reserva o número da DPS da venda (o mesmo em um novo pedido depois de uma rejeição) e envia a DPS assinada ao emissor nacional em segundo plano; GET /sales/{id}/nfse acompanha. Uma venda nunca tem duas notas.',
        errorResponses: {
          ...planError,
          403: 'Só o proprietário e os administradores emitem NFS-e.',
          404: 'Venda inexistente ou de outra agência.',
          409: 'Nota já emitida ou em emissão, venda desfeita, valor zero, ou dados fiscais/certificado ausentes.',
        },
        tags,
      },
    })
    .input(idParam)
    .output(issueNfseOutput)
    .mutation(({ ctx, input }) => requestNfse(ctx, ctx.companyId, ctx.user.id, input.id)),
  cancel: managerProcedure
    .meta({
      feature,
      openapi: {
        method: 'POST',
        path: '/nfse/{id}/cancel',
        summary: 'Cancela a NFS-e',
        description:
          'Envia ao emissor nacional o evento de cancelamento (e101101) de uma nota autorizada: `reason` é o código do motivo (`1` erro na emissão, `2` serviço não prestado, `9` outros) e `justification` o texto (15 a 255 caracteres). A nota fica `canceling` até o retorno: `canceled`, ou de volta a `authorized` com os motivos da recusa em `errors`. GET /sales/{id}/nfse acompanha. Uma venda com NFS-e autorizada só é desfeita depois do cancelamento.',
        errorResponses: {
          400: 'Motivo ou justificativa inválidos (`errors`).',
          ...planError,
          403: 'Só o proprietário e os administradores cancelam NFS-e.',
          404: 'Nota inexistente ou de outra agência.',
          409: 'A nota não está autorizada (em emissão, rejeitada, já cancelada ou em cancelamento).',
        },
        tags,
      },
    })
    .input(cancelNfseInput)
    .output(issueNfseOutput)
    .mutation(({ ctx, input }) => cancelNfse(ctx, ctx.companyId, input)),
  substitute: managerProcedure
    .meta({
      feature,
      openapi: {
        method: 'POST',
        path: '/nfse/{id}/substitute',
        summary: 'Substitui a NFS-e',
        description:
          'Emite uma nova NFS-e da venda (novo número de DPS, valores e descrição recalculados pelos dados fiscais atuais) cuja DPS indica a nota autorizada que ela substitui (grupo `subst`): `reason` é o código do motivo (`01` desenquadramento do Simples Nacional, `02` enquadramento no Simples Nacional, `03` inclusão retroativa de imunidade/isenção, `04` exclusão retroativa de imunidade/isenção, `05` rejeição pelo tomador, `99` outros) e `justification` o texto (15 a 255 caracteres). Ao autorizar a substituta, o emissor nacional cancela a anterior por substituição (evento 105102), que fica `substituted`. É o caminho quando o prazo de cancelamento do município já passou. GET /sales/{id}/nfse passa a mostrar a substituta.',
        errorResponses: {
          400: 'Motivo ou justificativa inválidos (`errors`).',
          ...planError,
          403: 'Só o proprietário e os administradores substituem NFS-e.',
          404: 'Nota inexistente ou de outra agência.',
          409: 'A nota não é a atual da venda ou não está autorizada, ou o certificado está ausente ou vencido.',
        },
        tags,
      },
    })
    .input(substituteNfseInput)
    .output(issueNfseOutput)
    .mutation(({ ctx, input }) => substituteNfse(ctx, { companyId: ctx.companyId, userId: ctx.user.id }, input)),
  list: managerProcedure
    .meta({
      feature,
      openapi: {
        method: 'GET',
        path: '/nfse',
        summary: 'Lista as notas fiscais da agência',
        description:
          'As NFS-e das vendas, da mais recente à mais antiga, pelo momento da autorização (ou do pedido, enquanto não autorizada): `month` (AAAA-MM, horário de Brasília) e `status` filtram. Cada nota traz o orçamento e o cliente da venda.',
        errorResponses: {
          400: 'Mês ou situação inválidos.',
          ...planError,
          403: 'Só o proprietário e os administradores veem as notas fiscais.',
        },
        tags,
      },
    })
    .input(listNfseInput)
    .output(nfseListOutput)
    .query(({ ctx, input }) => listNfse(ctx.db, ctx.companyId, input)),
});
