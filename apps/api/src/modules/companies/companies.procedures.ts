import {
  adminCompaniesInput,
  adminCompaniesOutput,
  adminCompanySchema,
  companySchema,
  companyUsersInput,
  createCompanyInput,
  createCompanyOutput,
  createCompanyUserInput,
  idParam,
  updateCompanyInput,
  updateCompanySubscriptionInput,
  userListOutput,
  userSchema,
} from '@app/shared';
import { consumeRecipients, SEND_LIMIT_ERROR } from '../../send-limits';
import { authedProcedure, managerProcedure, ownerProcedure, router, superAdminProcedure } from '../../trpc';
import { createUser, listUsers } from '../users/users.service';
import { companyInScope, createCompany, getCompany, listCompanies, updateCompany, updateCompanySubscription } from './companies.service';

const tags = ['Empresas'];
const adminTags = ['Super admin'];

export const companiesRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/companies/{id}',
        summary: 'Mostra uma agência',
        description:
          'Nome, subdomínio, data de criação, o contato que os clientes veem (logo, e-mail, telefone, WhatsApp, site, Instagram, cidade e UF) e quem a agência é nos contratos (CNPJ e CEP só com dígitos, Cadastur, logradouro, número, complemento e bairro). O usuário de uma agência só vê a sua; super_admin vê qualquer uma.',
        errorResponses: { 404: 'Agência inexistente, ou outra que não a do usuário.' },
        tags,
      },
    })
    .input(idParam)
    .output(companySchema)
    .query(({ ctx, input }) => getCompany(ctx.db, ctx.user, input.id)),
  update: ownerProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/companies/{id}',
        summary: 'Atualiza os dados da agência',
        description:
          'O proprietário edita o nome e o contato que os clientes veem na página do orçamento, no PDF e nos e-mails: logo (a `key` de uma imagem enviada por `POST /api/uploads/image`; null remove), e-mail, telefone, WhatsApp, site, Instagram, cidade e UF; quem a agência é nos contratos: CNPJ (com dígitos verificadores válidos, com ou sem pontuação), Cadastur (o registro no Ministério do Turismo: dígitos separados por pontos, hífens ou barras, até 30 caracteres) e endereço (`postal_code`, `street`, `street_number`, `complement`, `neighborhood`); e quem da equipe vê custos, receita e margens (`costs_visibility`: `owner`, `owner_admins` (padrão) ou `everyone`; para os demais, esses campos somem de todas as respostas). Campos omitidos não mudam.',
        errorResponses: {
          400: 'Dados inválidos (CNPJ, Cadastur ou CEP inválidos, entre outros), ou logo que não é uma imagem enviada pela agência (`errors.logo_key`).',
          403: 'Só o proprietário edita os dados da agência.',
          404: 'Agência inexistente, ou outra que não a do usuário.',
        },
        tags,
      },
    })
    .input(updateCompanyInput)
    .output(companySchema)
    .mutation(({ ctx, input }) => updateCompany(ctx, ctx.user, input)),
  users: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/companies/{id}/users',
        summary: 'Lista os usuários de uma agência',
        description: 'Como `GET /api/users`, para a agência indicada: a do usuário, ou qualquer uma para super_admin.',
        errorResponses: { 404: 'Agência inexistente, ou outra que não a do usuário.' },
        tags,
      },
    })
    .input(companyUsersInput)
    .output(userListOutput)
    .query(async ({ ctx, input }) => {
      const { id, ...query } = input;
      return listUsers(ctx.db, await companyInScope(ctx.db, ctx.user, id), query);
    }),
  createUser: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/companies/{id}/create-user',
        summary: 'Convida um usuário para uma agência',
        description: 'Como `POST /api/users`, na agência indicada: a do usuário, ou qualquer uma para super_admin.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail já usado por outro usuário (`errors.email`).',
          404: 'Agência inexistente, ou outra que não a do usuário.',
          409: 'Só o proprietário pode criar outro proprietário.',
          429: SEND_LIMIT_ERROR,
        },
        tags,
      },
    })
    .input(createCompanyUserInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const companyId = await companyInScope(ctx.db, ctx.user, input.id);
      // The invitation: one recipient, counted for the inviting user and their agency.
      await consumeRecipients(ctx, 1);
      return createUser(ctx, companyId, ctx.user, input.user);
    }),
  list: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/companies',
        summary: 'Lista as agências',
        description:
          'Todas as agências (menos a empresa do sistema), por nome, com plano, situação, validade e e-mail do proprietário; filtros de situação e plano e busca por nome ou subdomínio; paginado.',
        tags: adminTags,
      },
    })
    .input(adminCompaniesInput)
    .output(adminCompaniesOutput)
    .query(({ ctx, input }) => listCompanies(ctx.db, input)),
  create: superAdminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/companies',
        summary: 'Cria uma agência',
        description:
          'Cria a agência em período de teste no plano pago mais barato que tem teste (sem ele, no plano grátis) e o seu proprietário, pendente até aceitar o convite enviado por e-mail.',
        errorResponses: {
          400: 'Dados inválidos, ou e-mail do proprietário ou subdomínio já em uso (`errors["owner.email"]`, `errors["company.subdomain"]`).',
          409: 'Não há plano para a nova agência.',
        },
        tags: adminTags,
      },
    })
    .input(createCompanyInput)
    .output(createCompanyOutput)
    // The system's staff only: the new owner's invitation is outside the agencies' send limits.
    .mutation(({ ctx, input }) => createCompany(ctx, input)),
  updateSubscription: superAdminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/companies/{id}/subscription',
        summary: 'Corrige a assinatura de uma agência',
        description: 'Ajusta a situação e as datas (fim do teste, fim do período) da assinatura de uma agência, para o suporte.',
        errorResponses: { 404: 'Agência inexistente ou sem assinatura (a empresa do sistema também).' },
        tags: adminTags,
      },
    })
    .input(updateCompanySubscriptionInput)
    .output(adminCompanySchema)
    .mutation(({ ctx, input }) => updateCompanySubscription(ctx, input.id, input.subscription)),
});
