// The client's links to the vouchers (e-mail and WhatsApp): absolute, signed for 30 days, opened
// without logging in.
import { firstName, WHOLE_TRIP_LABEL, whatsappUrl } from '@app/shared';
import type { Config } from '../../config';
import { VOUCHER_SHARE_DAYS, VOUCHER_SHARE_TTL_SECONDS, voucherFileUrl } from './voucher-links';

export type SharedVoucher = { id: number; filename: string; serviceTitle: string | null };
export type VoucherLink = { label: string; filename: string; url: string };

/** Each voucher's label (its service, or the whole trip) and its long-lived link. */
export function voucherShareLinks(
  config: Pick<Config, 'jwtSecret' | 'appUrl'>,
  vouchers: SharedVoucher[],
  now = new Date(),
): VoucherLink[] {
  return vouchers.map((v) => ({
    label: v.serviceTitle ?? WHOLE_TRIP_LABEL,
    filename: v.filename,
    url: `${config.appUrl}${voucherFileUrl(config, v, VOUCHER_SHARE_TTL_SECONDS, now)}`,
  }));
}

/** wa.me with the client's phone and a message listing the vouchers' links. */
export function vouchersWhatsappUrl(client: { name: string; phone: string | null }, tripTitle: string, links: VoucherLink[]): string {
  const name = firstName(client.name);
  const text = [
    `Olá${name ? `, ${name}` : ''}! Seguem os vouchers da sua viagem "${tripTitle}":`,
    ...links.map((l) => `• ${l.label} (${l.filename}): ${l.url}`),
    `Os links valem por ${VOUCHER_SHARE_DAYS} dias. Boa viagem!`,
  ].join('\n');
  return whatsappUrl(client.phone, text);
}
