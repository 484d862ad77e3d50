// The bell: what happened that is an agent's to act on (the customer opened or accepted a budget, a
// colleague assigned a task, a reservation was confirmed, an import finished, a payment became
// overdue), read in the app and, for the kinds the agent chose in the profile, also by e-mail.
import type { NotificationKind } from '@app/db/browser';
import { paginationInput, paginationSchema } from './pagination';
import { z } from './zod';

export type { NotificationKind };

export const NOTIFICATION_KINDS = [
  'budget_viewed',
  'budget_accepted',
  'task_assigned',
  'reservation_confirmed',
  'import_finished',
  'payment_overdue',
] as const satisfies readonly NotificationKind[];

/** The kinds an agent may also get by e-mail (an accepted budget already mails its agent, always). */
export const NOTIFICATION_EMAIL_KINDS = [
  'budget_viewed',
  'task_assigned',
  'reservation_confirmed',
  'import_finished',
  'payment_overdue',
] as const satisfies readonly NotificationKind[];

/** How the profile names each kind, for the e-mail choice. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  budget_viewed: 'O cliente abriu um orçamento',
  budget_accepted: 'O cliente aceitou um orçamento',
  task_assigned: 'Um colega me atribuiu uma tarefa',
  reservation_confirmed: 'Uma reserva foi confirmada',
  import_finished: 'Uma importação terminou',
  payment_overdue: 'Um pagamento de uma venda minha atrasou',
};

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest first. */
export const listNotificationsInput = z.object({ unread: z.enum(['true', 'false']).optional(), ...paginationInput }).strict();
export const notificationListOutput = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  total_count: z.number().int(),
  pagination: paginationSchema,
});
export type NotificationList = z.infer<typeof notificationListOutput>;

export const readAllOutput = z.object({ read: z.number().int() });

/** GET and PUT /api/notifications/preferences: the kinds also sent by e-mail. */
export const notificationPreferencesSchema = z
  .object({ email: z.array(z.enum(NOTIFICATION_EMAIL_KINDS)).max(NOTIFICATION_EMAIL_KINDS.length) })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
