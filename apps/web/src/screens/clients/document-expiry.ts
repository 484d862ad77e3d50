// A travel agent checks a document's validity before selling a trip: an expired document is
// flagged, and so is a passport valid for less than 6 months (many countries refuse it then).
// Only a warning: an old document is still worth recording.
import { twoDigits } from '@app/shared/format';
import { addMonths } from '@app/shared/sales';
import { PASSPORT_MIN_VALIDITY_MONTHS } from '@app/shared/travel-documents';

export type ExpiryStatus = 'expired' | 'expiring';

export const EXPIRY_LABELS: Record<ExpiryStatus, string> = { expired: 'Vencido', expiring: 'Vence em menos de 6 meses' };

const isoDay = (d: Date) => `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`;

/** The user's calendar day, 'YYYY-MM-DD'. */
export function localToday(now = new Date()): string {
  return isoDay(now);
}

export function expiryStatus(doc: { type: string; expires_at: string | null }, today = localToday()): ExpiryStatus | null {
  if (!doc.expires_at) return null;
  if (doc.expires_at < today) return 'expired';
  if (doc.type === 'passport' && doc.expires_at < addMonths(today, PASSPORT_MIN_VALIDITY_MONTHS)) return 'expiring';
  return null;
}
