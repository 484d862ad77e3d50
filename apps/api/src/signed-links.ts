// Links that open a file without a session until they expire (a contract's PDF in a new tab, the
// vouchers the client opens from an e-mail or WhatsApp). Security-critical: the signature covers the
// subject (a purpose prefix, the record id and whatever else the caller names) and the expiry,
// keyed by the app's secret; a prefix per purpose keeps one kind of link from being replayed as another.
import { createHmac, timingSafeEqual } from 'node:crypto';

type Secret = { jwtSecret: string };

const sign = (config: Secret, subject: string, expires: number) =>
  createHmac('sha256', config.jwtSecret).update(`${subject}:${expires}`).digest('hex');

/** `expires={unix}&signature={hex}` for `subject`, valid `ttlSeconds` from `now`. */
export function signedQuery(config: Secret, subject: string, ttlSeconds: number, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `expires=${expires}&signature=${sign(config, subject, expires)}`;
}

/** 'ok', or why the link does not open: not one this app signed for `subject` ('invalid'), or past its expiry. */
export function checkSignedLink(
  config: Secret,
  subject: string,
  link: { expires: unknown; signature: unknown },
  now = new Date(),
): 'ok' | 'invalid' | 'expired' {
  const { expires, signature } = link;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(sign(config, subject, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'ok';
}
