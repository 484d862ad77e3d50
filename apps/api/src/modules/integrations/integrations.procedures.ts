import {
  attendanceDealSyncSchema,
  idParam,
  pipedriveBackfillStateSchema,
  pipedriveIntegrationSchema,
  savePipedriveInput,
} from '@app/shared';
import { z } from 'zod';
import { ownerProcedure, requireFeature, router } from '../../trpc';
import { attendanceDealSync, disconnectPipedrive, getPipedrive, savePipedrive } from './integrations.service';
import { startBackfill } from './pipedrive.sync';

const tags = ['Integrações'];
const feature = 'pipedrive_deals' as const;
const planError = { 402: 'O plano da agência não inclui a integração com o Pipedrive.' };
const ownerOnly = { 403: 'Só o proprietário gerencia as integrações da agência.' };

export const integrationsRouter = router({
  pipedrive: ownerProcedure
    .meta({
      feature,
      openapi: {
        method: 'GET',
        path: '/integrations/pipedrive',
        summary: 'Mostra a integração com o Pipedrive',
        description:
          'Se a agência está conectada (e se o token ainda vale: `status` `active` ou `token_invalid`), a conta do Pipedrive, o mapeamento do funil (nossas situações open/won/lost/canceled para etapas e situações de negócio do Pipedrive), dos agentes para usuários do Pipedrive (por e-mail, salvo escolha do proprietário) e dos campos personalizados de CPF e CNPJ, e as opções lidas do Pipedrive (funis, etapas e usuários). O token nunca volta na resposta.',
        errorResponses: { ...planError, ...ownerOnly },
        tags,
      },
    })
    .input(z.void())
    .output(pipedriveIntegrationSchema)
    .query(({ ctx }) => getPipedrive(ctx, ctx.companyId)),
  savePipedrive: ownerProcedure
    .meta({
      feature,
      openapi: {
        method: 'PUT',
        path: '/integrations/pipedrive',
        summary: 'Conecta a agência ao Pipedrive e salva o mapeamento',
        description:
          'Na primeira vez, `api_token` (o token de API do Pipedrive, em Configurações pessoais > API) é obrigatório: ele é conferido no Pipedrive (GET /v1/users/me) e guardado criptografado; enviado de novo, substitui o anterior. Ao conectar, cria no Pipedrive o campo do negócio que guarda o id do atendimento e registra um webhook (v2) de negócios para esta agência. Campos omitidos não mudam.',
        errorResponses: {
          400: 'Token ausente na primeira conexão, recusado pelo Pipedrive, ou mapeamento inválido (`errors`).',
          ...planError,
          ...ownerOnly,
          502: 'O Pipedrive não respondeu.',
          503: 'Servidor sem PIPEDRIVE_TOKEN_KEY.',
        },
        tags,
      },
    })
    .input(savePipedriveInput)
    .output(pipedriveIntegrationSchema)
    .mutation(({ ctx, input }) => savePipedrive(ctx, ctx.companyId, ctx.user, input)),
  disconnectPipedrive: ownerProcedure
    .meta({
      feature,
      openapi: {
        method: 'DELETE',
        path: '/integrations/pipedrive',
        summary: 'Desconecta a agência do Pipedrive',
        description: 'Remove o webhook no Pipedrive e apaga o token guardado; os atendimentos deixam de ser enviados.',
        errorResponses: { ...planError, ...ownerOnly },
        tags,
      },
    })
    .input(z.object({}).strict())
    .output(pipedriveIntegrationSchema)
    .mutation(({ ctx }) => disconnectPipedrive(ctx, ctx.companyId)),
  backfillPipedrive: ownerProcedure
    .meta({
      feature,
      openapi: {
        method: 'POST',
        path: '/integrations/pipedrive/backfill',
        summary: 'Envia ao Pipedrive os atendimentos em aberto',
        description:
          'Começa o envio, em segundo plano, dos atendimentos em aberto que ainda não têm negócio no Pipedrive (os criados depois seguem sozinhos). Responde o progresso (`total`, `done`), que GET /integrations/pipedrive acompanha em `backfill`. Pode ser repetido: um atendimento já enviado não vira outro negócio.',
        errorResponses: {
          ...planError,
          ...ownerOnly,
          409: 'Agência não conectada, token recusado pelo Pipedrive ou um envio já em andamento.',
        },
        tags,
      },
    })
    .input(z.object({}).strict())
    .output(pipedriveBackfillStateSchema)
    .mutation(({ ctx }) => startBackfill(ctx, ctx.companyId)),
  attendanceDeal: requireFeature(feature)
    .meta({
      openapi: {
        method: 'GET',
        path: '/integrations/pipedrive/attendances/{id}',
        summary: 'Mostra o negócio do atendimento no Pipedrive',
        description:
          '`synced` com o link do negócio, `error` com o último erro em português (p. ex. token inválido), ou `none` quando o atendimento ainda não foi enviado ou a agência não está conectada.',
        errorResponses: { ...planError, 404: 'Atendimento inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(attendanceDealSyncSchema)
    .query(({ ctx, input }) => attendanceDealSync(ctx.db, ctx.companyId, input.id)),
});
