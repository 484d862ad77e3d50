// Signed links to a voucher's file (apps/api/src/signed-links.ts): the agency's screens get short
// ones, the client long ones to open during the trip.
import type { Config } from '../../config';
import { checkSignedLink, signedQuery } from '../../signed-links';

/** The agency's screens: long enough to open the file, short enough that a copied link dies soon. */
export const VOUCHER_LINK_TTL_SECONDS = 15 * 60;
/** Links sent to the client (e-mail, WhatsApp): they open them during the trip. */
export const VOUCHER_SHARE_DAYS = 30;
export const VOUCHER_SHARE_TTL_SECONDS = VOUCHER_SHARE_DAYS * 24 * 60 * 60;

type SignerConfig = Pick<Config, 'jwtSecret'>;
const subject = (id: number) => `voucher-file:${id}`;

/** The signed path `/api/vouchers/file/{id}?expires={unix}&signature={hex}`. */
export function voucherFileUrl(
  config: SignerConfig,
  voucher: { id: number },
  ttlSeconds = VOUCHER_LINK_TTL_SECONDS,
  now = new Date(),
): string {
  return `/api/vouchers/file/${voucher.id}?${signedQuery(config, subject(voucher.id), ttlSeconds, now)}`;
}

/** Whether a link's expiry and signature are the ones this app signed for that voucher, and still valid. */
export function verifyVoucherFileSignature(
  config: SignerConfig,
  id: number,
  expires: unknown,
  signature: unknown,
  now = new Date(),
): boolean {
  return checkSignedLink(config, subject(id), { expires, signature }, now) === 'ok';
}
