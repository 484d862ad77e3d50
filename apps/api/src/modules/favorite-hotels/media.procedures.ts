import { createMediaInput, idParam, mediaDeletedOutput, mediaOutput, updateMediaInput } from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as media from './media.service';

const tags = ['Fotos'];
const notFound = 'Foto inexistente ou de outra agência.';

export const mediaRouter = router({
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/media',
        summary: 'Anexa uma foto a um hotel favorito',
        description:
          'Anexa ao hotel uma imagem já enviada por `POST /api/uploads/image` (o `key` da resposta), depois das outras fotos; a primeira foto vira a capa. Gera as cópias reduzidas em WebP (`thumb_url`, ~400 px, para listas; `landing_url`, ~1600 px, para a página do cliente).',
        errorResponses: {
          400: 'Dados inválidos: `key` que não é uma imagem enviada pela agência (não foi encontrado) ou que já está em uso, imagem que não pode ser lida, ou hotel com o máximo de fotos.',
          404: 'Hotel inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(createMediaInput)
    .output(mediaOutput)
    .mutation(({ ctx, input }) => media.attachMedia(ctx, ctx.companyId, input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/media/{id}',
        summary: 'Altera uma foto',
        description:
          'Muda a legenda, a posição na ordem das fotos do hotel (a partir de 0; as outras se deslocam) ou torna a foto a capa (`is_cover: true`; a capa anterior deixa de ser). Cada hotel com fotos tem exatamente uma capa.',
        errorResponses: { 404: notFound },
        tags,
      },
    })
    .input(updateMediaInput)
    .output(mediaOutput)
    .mutation(({ ctx, input }) => media.updateMedia(ctx.db, ctx.companyId, input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/media/{id}',
        summary: 'Exclui uma foto',
        description:
          'Apaga a foto e seus arquivos. As fotos seguintes sobem uma posição; se era a capa, a foto seguinte (ou a anterior, se era a última) passa a ser a capa.',
        errorResponses: { 404: notFound },
        tags,
      },
    })
    .input(idParam)
    .output(mediaDeletedOutput)
    .mutation(({ ctx, input }) => media.deleteMedia(ctx, ctx.companyId, input.id)),
});
