// The e-mails of a sale (a reservation request, the contract, the vouchers) go out through jobs that
// carry a mailing id only.
import type { Db, SaleMailingKind } from '@app/db';
import type { JobRun } from '../../platform/jobs';
import type { Mailer, MailMessage } from '../../platform/mail';
import { deliverOnce } from '../../platform/mail-deliveries';

/**
 * Sends a mailing's mail once (deliverOnce, keyed by the mailing) and marks it sent; true once it
 * has gone out (by this run or an earlier one). A job given a mailing of another kind does nothing.
 */
export async function deliverSaleMailing(
  deps: { db: Db; mailer: Mailer },
  run: JobRun,
  id: number,
  kind: SaleMailingKind,
  build: () => Promise<MailMessage | null>,
): Promise<boolean> {
  if ((await deps.db.saleMailing.count({ where: { id, kind } })) === 0) return false;
  const delivered = await deliverOnce(deps, run, `sale-mailing:${id}`, build);
  if (delivered) await deps.db.saleMailing.updateMany({ where: { id, sentAt: null }, data: { sentAt: new Date() } });
  return delivered;
}
