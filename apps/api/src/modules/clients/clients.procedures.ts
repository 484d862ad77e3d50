import {
  clientAttachmentParams,
  clientListOutput,
  clientSchema,
  companionInput,
  companionParams,
  companionsOutput,
  createClientInput,
  idParam,
  listClientsInput,
  postalCodeInput,
  postalCodeOutput,
  revealClientDocumentInput,
  revealedDocumentOutput,
  updateClientInput,
  versionedIdParam,
} from '@app/shared';
import { documentCipherOf } from '../../document-numbers';
import { authedProcedure, router } from '../../trpc';
import * as clients from './clients.service';
import * as companions from './companions.service';
import { lookupPostalCode } from './postal-codes.service';

const tags = ['Clientes'];

export const clientsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients',
        summary: 'Lista os clientes',
        description:
          'Clientes da agência, por nome, com busca por nome, e-mail, CPF ou CNPJ e filtros de tipo e situação; paginado. `document_number` acha os clientes com um documento (passaporte, RG...) de número exatamente igual: os números são guardados cifrados.',
        tags,
      },
    })
    .input(listClientsInput)
    .output(clientListOutput)
    .query(({ ctx, input }) => clients.listClients(ctx.db, ctx.companyId, input, documentCipherOf(ctx.config))),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/{id}',
        summary: 'Mostra um cliente',
        description:
          'O cliente com contatos, endereços, documentos e anexos. Os números dos documentos vêm mascarados ("FZ•••456"); o número completo, em `POST /api/clients/{id}/documents/{document_id}/reveal`.',
        errorResponses: { 404: 'Cliente inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(clientSchema)
    .query(({ ctx, input }) => clients.getClient(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients',
        summary: 'Cria um cliente',
        description: 'Cria uma pessoa (CPF, data de nascimento) ou empresa (CNPJ), com contatos, endereços e documentos.',
        errorResponses: {
          400: 'Dados inválidos, ou CPF/CNPJ já usado por outro cliente da agência (`errors.cpf` ou `errors.cnpj`: has already been taken).',
        },
        tags,
      },
    })
    .input(createClientInput)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.createClient(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/clients/{id}',
        summary: 'Altera um cliente',
        description:
          'Altera os campos enviados. Uma lista enviada (contatos, endereços, documentos) substitui a atual inteira. O tipo (pessoa ou empresa) não muda.',
        errorResponses: {
          400: 'Dados inválidos, campo que não cabe no tipo do cliente, ou CPF/CNPJ já usado por outro cliente da agência.',
          404: 'Cliente inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(updateClientInput)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.updateClient(ctx.db, documentCipherOf(ctx.config), ctx.companyId, ctx.user, input)),
  deactivate: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/clients/{id}',
        summary: 'Desativa um cliente',
        description: 'Clientes não são apagados, pois os atendimentos os mantêm: o cliente fica inativo e pode ser reativado.',
        errorResponses: { 404: 'Cliente inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.setClientActive(ctx.db, documentCipherOf(ctx.config), ctx.companyId, ctx.user, input, false)),
  reopen: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/clients/reopen/{id}',
        summary: 'Reativa um cliente',
        description: 'Volta a ativar um cliente desativado.',
        errorResponses: { 404: 'Cliente inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.setClientActive(ctx.db, documentCipherOf(ctx.config), ctx.companyId, ctx.user, input, true)),
  removeAttachment: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/clients/{id}/attachments/{attachment_id}',
        summary: 'Remove um anexo do cliente',
        description:
          'Apaga o anexo e o seu arquivo e devolve o cliente atualizado. Anexos são enviados pela rota multipart `POST /api/clients/{id}/attachments`.',
        errorResponses: { 404: 'Cliente ou anexo inexistente, ou de outra agência.' },
        tags,
      },
    })
    .input(clientAttachmentParams)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.removeClientAttachment(ctx, ctx.companyId, input.id, input.attachment_id)),
  revealDocument: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/{id}/documents/{document_id}/reveal',
        summary: 'Mostra o número completo de um documento do cliente',
        description:
          'O número completo (os outros retornos o mostram mascarado). Cada leitura fica registrada com usuário, cliente, data e endereço de origem, e aparece na aba "Dados pessoais" do relatório de acessos.',
        errorResponses: { 404: 'Cliente ou documento inexistente, ou de outra agência.' },
        tags,
      },
    })
    .input(revealClientDocumentInput)
    .output(revealedDocumentOutput)
    .mutation(({ ctx, input }) =>
      clients.revealClientDocument(
        ctx.db,
        documentCipherOf(ctx.config),
        { companyId: ctx.companyId, userId: ctx.user.id, ip: ctx.ip },
        input.id,
        input.document_id,
      ),
    ),
  companions: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/clients/{id}/companions',
        summary: 'Lista os acompanhantes do cliente',
        description:
          'Os acompanhantes salvos do cliente (cônjuge, filhos, pais...), cada um outro cliente da agência, por relação e nome. O seletor de passageiros do orçamento os oferece primeiro.',
        errorResponses: { 404: 'Cliente inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(companionsOutput)
    .query(({ ctx, input }) => companions.listCompanions(ctx.db, ctx.companyId, input.id)),
  saveCompanion: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/{id}/companions',
        summary: 'Salva um acompanhante do cliente',
        description:
          'Salva outro cliente da agência como acompanhante, com a relação (o que ele é para o cliente: `child` é filho do cliente). Salvar de novo o mesmo acompanhante muda a relação. Devolve a lista.',
        errorResponses: {
          400: 'O próprio cliente, cliente de outra agência (`errors.companion_client_id`), ou acompanhantes demais.',
          404: 'Cliente inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(companionInput)
    .output(companionsOutput)
    .mutation(({ ctx, input }) => companions.saveCompanion(ctx.db, ctx.companyId, input)),
  removeCompanion: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/clients/{id}/companions/{companion_client_id}',
        summary: 'Remove um acompanhante do cliente',
        description: 'Desfaz o vínculo (os dois clientes continuam cadastrados) e devolve a lista.',
        errorResponses: { 404: 'Cliente ou acompanhante inexistente, ou de outra agência.' },
        tags,
      },
    })
    .input(companionParams)
    .output(companionsOutput)
    .mutation(({ ctx, input }) => companions.removeCompanion(ctx.db, ctx.companyId, input.id, input.companion_client_id)),
});

export const postalCodesRouter = router({
  lookup: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/postal-codes/{cep}',
        summary: 'Consulta um CEP',
        description: 'Logradouro, complemento, bairro, cidade e UF de um CEP, no serviço público de CEP, para preencher endereços.',
        errorResponses: { 404: 'CEP inexistente.', 502: 'O serviço de CEP falhou ou demorou demais: tente de novo.' },
        tags: ['CEP'],
      },
    })
    .input(postalCodeInput)
    .output(postalCodeOutput)
    .query(({ ctx, input }) => lookupPostalCode(ctx.config, input.cep)),
});
