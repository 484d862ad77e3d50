// The e-mails of a sale (a reservation request, the contract, the vouchers) go out through jobs that
// carry a mailing id only.
import type { Db, SaleMailingKind } from '@app/db';

/**
 * Claims the mailing for this run (sent_at set) before its mail is sent: null when another run sent
 * it or is sending it, so a retried or repeated job never sends it twice. `release` gives it back
 * when sending fails, for the retry.
 */
export async function claimSaleMailing(db: Db, id: number, kind: SaleMailingKind): Promise<{ release: () => Promise<unknown> } | null> {
  const claimed = await db.saleMailing.updateMany({ where: { id, kind, sentAt: null }, data: { sentAt: new Date() } });
  if (claimed.count === 0) return null;
  return { release: () => db.saleMailing.updateMany({ where: { id }, data: { sentAt: null } }) };
}
