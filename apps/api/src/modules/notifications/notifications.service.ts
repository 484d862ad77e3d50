// The bell: a notification is a row for one user of the agency, written in the transaction of what
// caused it (so it exists exactly when that happened), told to the screens by the record_changes
// trigger, and mailed once to the users who chose its kind (a scheduled sweep: nothing at the call
// sites but the row, and a mail lost with a worker is sent by the next run).
import type { Db, Prisma } from '@app/db';
import {
  buildPagination,
  NOTIFICATION_EMAIL_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
} from '@app/shared';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { JobDefinition, JobSchedule } from '../../platform/jobs';
import { deliverOnce } from '../../platform/mail-deliveries';

type Tx = Prisma.TransactionClient;
type Row = { id: number; kind: NotificationKind; title: string; link: string; readAt: Date | null; createdAt: Date };

const toDto = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  link: r.link,
  read: r.readAt !== null,
  created_at: r.createdAt.toISOString(),
});

/** A notification for `userId` of the agency, in the caller's transaction. */
export async function notify(tx: Tx, n: { companyId: number; userId: number; kind: NotificationKind; title: string; link: string }) {
  await tx.notification.create({ data: n, select: { id: true } });
}

/** The same, for the agent in charge of a budget, unless they did it themselves (`actorId`). */
export async function notifyBudgetOwner(
  tx: Tx,
  budgetId: number,
  kind: NotificationKind,
  title: (budgetTitle: string) => string,
  actorId?: number,
) {
  const budget = await tx.budget.findUnique({ where: { id: budgetId }, select: { companyId: true, ownerUserId: true, title: true } });
  if (!budget || budget.ownerUserId === actorId) return;
  await notify(tx, {
    companyId: budget.companyId,
    userId: budget.ownerUserId,
    kind,
    title: title(budget.title),
    link: `/novo-orcamento/${budgetId}`,
  });
}

/** Security-critical: a user's own notifications only. */
const mine = (companyId: number, userId: number): Prisma.NotificationWhereInput => ({ companyId, userId });

export async function listNotifications(
  db: Db,
  user: { companyId: number; id: number },
  input: { unread?: 'true' | 'false'; page: number; per_page: number },
): Promise<NotificationList> {
  const where = { ...mine(user.companyId, user.id), ...(input.unread === 'true' ? { readAt: null } : {}) };
  const [rows, total, unread] = await Promise.all([
    db.notification.findMany({ where, orderBy: { id: 'desc' }, skip: (input.page - 1) * input.per_page, take: input.per_page }),
    db.notification.count({ where }),
    db.notification.count({ where: { ...mine(user.companyId, user.id), readAt: null } }),
  ]);
  return {
    notifications: rows.map(toDto),
    unread_count: unread,
    total_count: total,
    pagination: buildPagination(input.page, input.per_page, total),
  };
}

export async function markRead(db: Db, user: { companyId: number; id: number }, id: number): Promise<Notification> {
  const row = await db.notification.findFirst({ where: { ...mine(user.companyId, user.id), id } });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.readAt) return toDto(row);
  return toDto(await db.notification.update({ where: { id }, data: { readAt: new Date() } }));
}

export async function markAllRead(db: Db, user: { companyId: number; id: number }): Promise<{ read: number }> {
  const { count } = await db.notification.updateMany({
    where: { ...mine(user.companyId, user.id), readAt: null },
    data: { readAt: new Date() },
  });
  return { read: count };
}

export async function getPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { notificationEmails: true } });
  return {
    email: user.notificationEmails.filter((k) =>
      (NOTIFICATION_EMAIL_KINDS as readonly string[]).includes(k),
    ) as NotificationPreferences['email'],
  };
}

export async function setPreferences(db: Db, userId: number, input: NotificationPreferences): Promise<NotificationPreferences> {
  await db.user.update({ where: { id: userId }, data: { notificationEmails: [...new Set(input.email)] } });
  return getPreferences(db, userId);
}

/** Notifications of the last day whose kind their user wants by e-mail and that no run has mailed yet. */
const MAIL_WINDOW = '1 day';
const MAILS_PER_RUN = 200;

export const notificationMailsJob: JobDefinition<Record<string, never>> = {
  name: 'notifications.mails',
  payload: z.strictObject({}),
  async handle(_payload, { db, mailer, config }, run) {
    const due = await db.$queryRaw<{ id: number; title: string; link: string; name: string; email: string }[]>`
      SELECT n.id, n.title, n.link, u.name, u.email
      FROM notifications n JOIN users u ON u.id = n.user_id AND u.status = 'active'
      WHERE n.created_at > now() - ${MAIL_WINDOW}::interval AND n.read_at IS NULL AND n.kind = ANY (u.notification_emails)
        AND NOT EXISTS (SELECT 1 FROM mail_deliveries d WHERE d.key = 'notification:' || n.id AND d.sent_at IS NOT NULL)
      ORDER BY n.id LIMIT ${MAILS_PER_RUN}`;
    const failures: unknown[] = [];
    for (const n of due) {
      try {
        await deliverOnce({ db, mailer }, run, `notification:${n.id}`, async () =>
          (await import('./notifications.mails')).notificationMail(config.appUrl, {
            to: n.email,
            name: n.name,
            title: n.title,
            link: n.link,
          }),
        );
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length) throw new AggregateError(failures, `${failures.length} notification mail(s) failed`);
  },
};

export const notificationsJobs = [notificationMailsJob] as JobDefinition<unknown>[];

export function notificationsSchedules(config: Pick<Config, 'NOTIFICATION_MAIL_INTERVAL_SECONDS'>): JobSchedule<unknown>[] {
  return [{ job: notificationMailsJob, payload: {}, everyMs: config.NOTIFICATION_MAIL_INTERVAL_SECONDS * 1000 }] as JobSchedule<unknown>[];
}
