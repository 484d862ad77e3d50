import { createUserInput, idParam, listUsersInput, updateUserInput, userListOutput, userSchema } from '@app/shared';
import { consumeRecipients, SEND_LIMIT_ERROR } from '../../send-limits';
import { authedProcedure, managerProcedure, router } from '../../trpc';
import * as users from './users.service';

const tags = ['Usuários'];

export const usersRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users',
        summary: 'Lista os usuários da agência',
        description: 'Usuários da agência, por nome, com filtros de situação e perfil e busca por nome ou e-mail; paginado.',
        tags,
      },
    })
    .input(listUsersInput)
    .output(userListOutput)
    .query(({ ctx, input }) => users.listUsers(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/{id}',
        summary: 'Mostra um usuário',
        description: 'Dados, perfil e situação de um usuário da agência.',
        errorResponses: { 404: 'Usuário inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(userSchema)
    .query(({ ctx, input }) => users.getUser(ctx.db, ctx.companyId, input.id)),
  create: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users',
        summary: 'Convida um usuário',
        description: 'Cria o usuário na agência como pendente e envia por e-mail o convite para aceitar (definindo a senha) ou recusar.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail já usado por outro usuário (`errors.email`: has already been taken).',
          409: 'Só o proprietário pode criar outro proprietário.',
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(createUserInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      // The invitation: one recipient.
      await consumeRecipients(ctx, 1);
      return users.createUser(ctx, ctx.companyId, ctx.user, input.user);
    }),
  update: managerProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/users/{id}',
        summary: 'Altera um usuário',
        description: 'Altera nome, e-mail, telefone ou perfil de um usuário da agência.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail já usado por outro usuário (`errors.email`).',
          404: 'Usuário inexistente ou de outra agência.',
          409: 'Só o proprietário altera um proprietário ou dá esse perfil, e ninguém muda o próprio perfil.',
        },
        tags,
      },
    })
    .input(updateUserInput)
    .output(userSchema)
    .mutation(({ ctx, input }) => users.updateUser(ctx.db, ctx.companyId, ctx.user, input.id, input.user)),
  deactivate: managerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/users/{id}',
        summary: 'Desativa um usuário',
        description: 'Desativa o usuário, que perde o acesso na hora. O registro é mantido e pode ser reativado.',
        errorResponses: {
          404: 'Usuário inexistente ou de outra agência.',
          409: 'Ninguém desativa a si mesmo, e só o proprietário desativa um proprietário.',
        },
        tags,
      },
    })
    .input(idParam)
    .output(userSchema)
    .mutation(({ ctx, input }) => users.setUserActive(ctx, ctx.companyId, ctx.user, input.id, false)),
  reopen: managerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/users/reopen/{id}',
        summary: 'Reativa um usuário',
        description: 'Reativa um usuário desativado. Quem nunca definiu a senha volta como pendente e recebe um novo convite por e-mail.',
        errorResponses: {
          404: 'Usuário inexistente ou de outra agência.',
          409: 'Ninguém reativa a si mesmo, e só o proprietário reativa um proprietário.',
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(idParam)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      // Counted as the new invitation it may send (to whoever never set a password), one recipient.
      await consumeRecipients(ctx, 1);
      return users.setUserActive(ctx, ctx.companyId, ctx.user, input.id, true);
    }),
});
