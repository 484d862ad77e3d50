import {
  idParam,
  listNotificationsInput,
  notificationListOutput,
  notificationPreferencesSchema,
  notificationSchema,
  readAllOutput,
} from '@app/shared';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import * as notifications from './notifications.service';

const tags = ['Notificações'];

export const notificationsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications',
        summary: 'As notificações do usuário',
        description: 'As mais recentes primeiro, com quantas estão sem ler; `unread=true` traz só as não lidas. Paginado.',
        tags,
      },
    })
    .input(listNotificationsInput)
    .output(notificationListOutput)
    .query(({ ctx, input }) => notifications.listNotifications(ctx.db, ctx.user, input)),
  read: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/notifications/{id}/read',
        summary: 'Marca uma notificação como lida',
        description: 'Só as do próprio usuário (404 para as de outro). Marcar de novo não muda nada.',
        tags,
      },
    })
    .input(idParam)
    .output(notificationSchema)
    .mutation(({ ctx, input }) => notifications.markRead(ctx.db, ctx.user, input.id)),
  readAll: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/notifications/read-all',
        summary: 'Marca todas as notificações como lidas',
        description: 'As não lidas do próprio usuário; responde quantas foram marcadas.',
        tags,
      },
    })
    .input(z.object({}).strict())
    .output(readAllOutput)
    .mutation(({ ctx }) => notifications.markAllRead(ctx.db, ctx.user)),
  preferences: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications/preferences',
        summary: 'O que o usuário também recebe por e-mail',
        description: 'Os tipos de notificação que também vão por e-mail ao usuário; o sino mostra todas.',
        tags,
      },
    })
    .input(z.object({}).strict().optional())
    .output(notificationPreferencesSchema)
    .query(({ ctx }) => notifications.getPreferences(ctx.db, ctx.user.id)),
  setPreferences: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/notifications/preferences',
        summary: 'Escolhe o que o usuário também recebe por e-mail',
        description: 'A lista `email` substitui a anterior; um aceite de orçamento sempre avisa o agente por e-mail.',
        tags,
      },
    })
    .input(notificationPreferencesSchema)
    .output(notificationPreferencesSchema)
    .mutation(({ ctx, input }) => notifications.setPreferences(ctx.db, ctx.user.id, input)),
});
