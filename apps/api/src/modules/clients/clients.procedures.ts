import {
  clientAttachmentParams,
  clientListOutput,
  clientSchema,
  createClientInput,
  idParam,
  listClientsInput,
  postalCodeInput,
  postalCodeOutput,
  updateClientInput,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as clients from './clients.service';
import { lookupPostalCode } from './postal-codes.service';

const tags = ['Clientes'];

export const clientsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/clients', tags, protect: true } })
    .input(listClientsInput)
    .output(clientListOutput)
    .query(({ ctx, input }) => clients.listClients(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/clients/{id}', tags, protect: true } })
    .input(idParam)
    .output(clientSchema)
    .query(({ ctx, input }) => clients.getClient(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/clients', tags, protect: true } })
    .input(createClientInput)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.createClient(ctx.db, ctx.companyId, input)),
  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/clients/{id}', tags, protect: true } })
    .input(updateClientInput)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.updateClient(ctx.db, ctx.companyId, input)),
  deactivate: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/clients/{id}', tags, protect: true } })
    .input(idParam)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.setClientActive(ctx.db, ctx.companyId, input.id, false)),
  reopen: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/clients/reopen/{id}', tags, protect: true } })
    .input(idParam)
    .output(clientSchema)
    .mutation(({ ctx, input }) => clients.setClientActive(ctx.db, ctx.companyId, input.id, true)),
  removeAttachment: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/clients/{id}/attachments/{attachment_id}', tags, protect: true } })
    .input(clientAttachmentParams)
    .output(clientSchema)
    .mutation(({ ctx, input }) =>
      clients.removeClientAttachment({ db: ctx.db, storage: ctx.platform.storage }, ctx.companyId, input.id, input.attachment_id),
    ),
});

export const postalCodesRouter = router({
  lookup: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/postal-codes/{cep}', tags: ['CEP'], protect: true } })
    .input(postalCodeInput)
    .output(postalCodeOutput)
    .query(({ ctx, input }) => lookupPostalCode(ctx.config, input.cep)),
});
