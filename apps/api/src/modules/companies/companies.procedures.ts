import { companySchema, companyUsersInput, createCompanyUserInput, idParam, userListOutput, userSchema } from '@app/shared';
import { authedProcedure, managerProcedure, router } from '../../trpc';
import { createUser, listUsers } from '../users/users.service';
import { companyInScope, getCompany } from './companies.service';

const tags = ['Empresas'];

export const companiesRouter = router({
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/companies/{id}', tags, protect: true } })
    .input(idParam)
    .output(companySchema)
    .query(({ ctx, input }) => getCompany(ctx.db, ctx.user, input.id)),
  users: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/companies/{id}/users', tags, protect: true } })
    .input(companyUsersInput)
    .output(userListOutput)
    .query(async ({ ctx, input }) => {
      const { id, ...query } = input;
      return listUsers(ctx.db, await companyInScope(ctx.db, ctx.user, id), query);
    }),
  createUser: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/companies/{id}/create-user', tags, protect: true } })
    .input(createCompanyUserInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => createUser(ctx, await companyInScope(ctx.db, ctx.user, input.id), ctx.user, input.user)),
});
