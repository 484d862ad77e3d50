import { idParam, importListOutput, importSchema, listImportsInput, previewImportInput, previewImportOutput } from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as imports from './imports.service';

const tags = ['Importações'];
const notFound = { 404: 'Importação inexistente ou de outra agência.' };

export const importsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/imports',
        summary: 'Lista as importações',
        description: 'As importações de planilhas da agência, das mais recentes, com situação, progresso e totais; `kind` filtra o tipo.',
        tags,
      },
    })
    .input(listImportsInput)
    .output(importListOutput)
    .query(({ ctx, input }) => imports.listImports(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/imports/{id}',
        summary: 'Mostra uma importação',
        description:
          'Situação e progresso (`processed_rows` de `total_rows`), criados, atualizados e recusados, colunas da planilha, mapeamento e os campos do tipo.',
        errorResponses: notFound,
        tags,
      },
    })
    .input(idParam)
    .output(importSchema)
    .query(({ ctx, input }) => imports.getImport(ctx.db, ctx.companyId, input.id)),
  preview: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/imports/{id}/preview',
        summary: 'Mapeia as colunas e mostra a prévia',
        description:
          'Salva o mapeamento (`{ campo: índice da coluna }`) e a escolha de atualizar os cadastros existentes, lê a planilha inteira sem gravar nada e responde as primeiras linhas como serão salvas, uma página das linhas recusadas com os motivos (campo obrigatório, CPF/CNPJ, e-mail, data, repetida no arquivo, já cadastrada na agência) e os totais.',
        errorResponses: {
          400: 'Mapeamento inválido: campo desconhecido, coluna inexistente ou repetida, campo obrigatório sem coluna (`errors["mapping.<campo>"]`).',
          ...notFound,
          409: 'A importação já foi iniciada.',
        },
        tags,
      },
    })
    .input(previewImportInput)
    .output(previewImportOutput)
    .mutation(({ ctx, input }) => imports.previewImport({ db: ctx.db, storage: ctx.platform.storage }, ctx.companyId, input)),
  start: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/imports/{id}/start',
        summary: 'Inicia a importação',
        description:
          'Põe a importação na fila: ela roda em segundo plano, em lotes, e o progresso aparece em `GET /api/imports/{id}`. Uma importação que falhou pode ser iniciada de novo e continua de onde parou.',
        errorResponses: {
          400: 'Campo obrigatório sem coluna no mapeamento.',
          ...notFound,
          409: 'A importação já está na fila, em andamento ou concluída.',
        },
        tags,
      },
    })
    .input(idParam)
    .output(importSchema)
    .mutation(({ ctx, input }) => imports.startImport(ctx, { companyId: ctx.companyId, userId: ctx.user.id, ip: ctx.ip }, input.id)),
});
