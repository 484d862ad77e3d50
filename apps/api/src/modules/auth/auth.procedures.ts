import {
  activateRegistrationInput,
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  loginOutput,
  messageOutput,
  profileOutput,
  registrationInfoOutput,
  registrationTokenInput,
  resetPasswordInput,
  updateProfileInput,
  z,
} from '@app/shared';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import * as auth from './auth.service';

const tags = ['Autenticação'];

export const authRouter = router({
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/login', tags } })
    .input(loginInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => auth.login(ctx, ctx.ip, input.email, input.password)),
  forgotPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/forgot/password', tags } })
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.forgotPassword(ctx, ctx.ip, input.email)),
  resetPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/reset/password', tags } })
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx.db, input.token, input.password)),
  changePassword: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/change/password', tags, protect: true }, allowRestricted: true })
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.db, ctx.user.id, input.current_password, input.password)),
  registrationInfo: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/registration/{token}', tags } })
    .input(registrationTokenInput)
    .output(registrationInfoOutput)
    .query(({ ctx, input }) => auth.registrationInfo(ctx.db, input.token)),
  activateRegistration: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/registration/activate-user/{token}', tags } })
    .input(activateRegistrationInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.answerRegistration(ctx.db, input.token, { activate: true, password: input.password })),
  denyRegistration: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/registration/deny-user/{token}', tags } })
    .input(registrationTokenInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => auth.answerRegistration(ctx.db, input.token, { activate: false })),
});

export const profileRouter = router({
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/profile', tags: ['Perfil'], protect: true }, allowRestricted: true })
    .input(z.void())
    .output(profileOutput)
    .query(({ ctx }) => auth.currentProfile(ctx, ctx.user.id, ctx.authorization)),
  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/profile', tags: ['Perfil'], protect: true }, allowRestricted: true })
    .input(updateProfileInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx, ctx.user.id, input, ctx.authorization)),
});
