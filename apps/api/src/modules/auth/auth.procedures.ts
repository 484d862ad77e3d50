import {
  activateRegistrationInput,
  changePasswordInput,
  changePasswordOutput,
  forgotPasswordInput,
  hostHandoffInput,
  hostHandoffOutput,
  loginInput,
  loginOutput,
  messageOutput,
  profileOutput,
  redeemHandoffInput,
  redeemHandoffOutput,
  registrationInfoOutput,
  registrationTokenInput,
  resetPasswordInput,
  updateProfileInput,
  z,
} from '@app/shared';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import * as auth from './auth.service';
import { createHandoff, redeemHandoff } from './handoff.service';

const tags = ['Autenticação'];

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/login',
        summary: 'Entra no sistema',
        description:
          'Confere e-mail e senha e devolve o token de acesso (JWT) com o perfil: usuário, situação do plano, dias restantes, subdomínio e recursos. As tentativas são limitadas por e-mail e por endereço.',
        errorResponses: {
          401: 'E-mail ou senha inválidos, ou usuário inativo (a mensagem diz qual).',
          429: 'Muitas tentativas: aguarde alguns minutos.',
        },
        tags,
      },
    })
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => auth.login(ctx, ctx.ip, input.email, input.password)),
  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/forgot/password',
        summary: 'Pede a redefinição de senha',
        description:
          'Envia por e-mail um link para redefinir a senha, se o e-mail for de um usuário ativo. A resposta é sempre a mesma, para não revelar quais e-mails estão cadastrados.',
        errorResponses: { 429: 'Muitos pedidos deste endereço ou para este e-mail: aguarde alguns minutos.' },
        tags,
      },
    })
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.forgotPassword(ctx, ctx.ip, input.email)),
  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reset/password',
        summary: 'Redefine a senha',
        description:
          'Grava a nova senha com o token do link enviado por e-mail. O link vale uma vez, e os outros links de redefinição do usuário deixam de valer.',
        errorResponses: { 400: 'Senha fora das regras ou diferente da confirmação, ou link inválido ou expirado (`errors.token`).' },
        tags,
      },
    })
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx.db, input.token, input.password)),
  changePassword: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/change/password',
        summary: 'Troca a senha do usuário conectado',
        description: 'Confere a senha atual e grava a nova.',
        errorResponses: {
          400: 'Nova senha fora das regras ou diferente da confirmação, ou senha atual incorreta (`errors.current_password`).',
        },
        tags,
      },
      allowRestricted: true,
    })
    .input(changePasswordInput)
    .output(changePasswordOutput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx, ctx.user.id, input.current_password, input.password)),
  registrationInfo: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/registration/{token}',
        summary: 'Consulta um convite',
        description: 'Nome, e-mail e agência do convite de cadastro, para a tela em que o convidado aceita ou recusa.',
        errorResponses: { 404: 'Convite inexistente, expirado ou já respondido.' },
        tags,
      },
    })
    .input(registrationTokenInput)
    .output(registrationInfoOutput)
    .query(({ ctx, input }) => auth.registrationInfo(ctx.db, input.token)),
  activateRegistration: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/registration/activate-user/{token}',
        summary: 'Aceita um convite',
        description: 'Confirma o cadastro do usuário convidado e define a sua senha; a partir daí ele pode entrar.',
        errorResponses: {
          400: 'Senha fora das regras ou diferente da confirmação, ou convite inválido, expirado ou já respondido (`errors.token`).',
        },
        tags,
      },
    })
    .input(activateRegistrationInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.answerRegistration(ctx.db, input.token, { activate: true, password: input.password })),
  denyRegistration: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/registration/deny-user/{token}',
        summary: 'Recusa um convite',
        description: 'Recusa o cadastro: o convidado fica como recusado e o link deixa de valer.',
        errorResponses: { 400: 'Convite inválido, expirado ou já respondido (`errors.token`).' },
        tags,
      },
    })
    .input(registrationTokenInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.answerRegistration(ctx.db, input.token, { activate: false })),
  // The session moving to another host of the app (BASE_DOMAIN): tRPC only, the web app's own steps.
  handoff: authedProcedure
    .meta({ allowRestricted: true })
    .input(hostHandoffInput)
    .output(hostHandoffOutput)
    .mutation(({ ctx, input }) => createHandoff(ctx, ctx.user, ctx.entitlements, input.path)),
  redeemHandoff: publicProcedure
    .input(redeemHandoffInput)
    .output(redeemHandoffOutput)
    .mutation(({ ctx, input }) => redeemHandoff(ctx, ctx.origin, input.code)),
});

export const profileRouter = router({
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/profile',
        summary: 'Mostra o perfil do usuário conectado',
        description:
          'Usuário, situação do plano (`status_plan`, `days_remaining`), subdomínio e recursos da agência. `token` traz um token novo quando o enviado ficou desatualizado (mudança de plano, de perfil ou do nome da agência); senão, null.',
        tags: ['Perfil'],
      },
      allowRestricted: true,
    })
    .input(z.void())
    .output(profileOutput)
    .query(({ ctx }) => auth.currentProfile(ctx, ctx.claims)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/profile',
        summary: 'Altera o perfil do usuário conectado',
        description:
          'Altera o nome e o telefone do próprio usuário e devolve o perfil, como `GET /api/profile`. O proprietário também escolhe aqui o subdomínio da agência (`subdomain`; null o remove), quando o plano inclui `custom_subdomain`.',
        errorResponses: {
          400: 'Dados inválidos, ou subdomínio fora do formato, reservado ou já em uso (`errors.subdomain`).',
          402: 'O plano da agência não inclui `custom_subdomain`.',
          403: 'Só o proprietário escolhe o subdomínio.',
        },
        tags: ['Perfil'],
      },
      allowRestricted: true,
    })
    .input(updateProfileInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx, ctx.claims, ctx, input)),
});
