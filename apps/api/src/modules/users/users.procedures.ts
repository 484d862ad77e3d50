import { createUserInput, idParam, listUsersInput, updateUserInput, userListOutput, userSchema } from '@app/shared';
import { authedProcedure, managerProcedure, router } from '../../trpc';
import * as users from './users.service';

const tags = ['Usuários'];

export const usersRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users', tags, protect: true } })
    .input(listUsersInput)
    .output(userListOutput)
    .query(({ ctx, input }) => users.listUsers(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/{id}', tags, protect: true } })
    .input(idParam)
    .output(userSchema)
    .query(({ ctx, input }) => users.getUser(ctx.db, ctx.companyId, input.id)),
  create: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/users', tags, protect: true } })
    .input(createUserInput)
    .output(userSchema)
    .mutation(({ ctx, input }) => users.createUser(ctx, ctx.companyId, ctx.user, input.user)),
  update: managerProcedure
    .meta({ openapi: { method: 'PATCH', path: '/users/{id}', tags, protect: true } })
    .input(updateUserInput)
    .output(userSchema)
    .mutation(({ ctx, input }) => users.updateUser(ctx.db, ctx.companyId, ctx.user, input.id, input.user)),
  deactivate: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/{id}', tags, protect: true } })
    .input(idParam)
    .output(userSchema)
    .mutation(({ ctx, input }) => users.setUserActive(ctx, ctx.companyId, ctx.user, input.id, false)),
  reopen: managerProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/reopen/{id}', tags, protect: true } })
    .input(idParam)
    .output(userSchema)
    .mutation(({ ctx, input }) => users.setUserActive(ctx, ctx.companyId, ctx.user, input.id, true)),
});
