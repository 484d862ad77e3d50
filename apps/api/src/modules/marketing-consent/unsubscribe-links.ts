// The unsubscribe link every e-mail to a client carries (footer and List-Unsubscribe headers, RFC
// 8058 one-click): signed for the client's id (apps/api/src/signed-links.ts), valid long enough
// for an e-mail read months later.
import type { Config } from '../../config';
import { checkSignedLink, signedQuery } from '../../signed-links';

export const UNSUBSCRIBE_TTL_SECONDS = 400 * 24 * 60 * 60;

type SignerConfig = Pick<Config, 'jwtSecret'>;
const subject = (clientId: number) => `unsubscribe:${clientId}`;

export type UnsubscribeLink = { url: string; headers: Record<string, string> };

/** The absolute link to GET/POST /api/unsubscribe/{id}, and the headers that let mail clients offer it. */
export function unsubscribeLink(config: Pick<Config, 'jwtSecret' | 'appUrl'>, clientId: number, now = new Date()): UnsubscribeLink {
  const url = `${config.appUrl}/api/unsubscribe/${clientId}?${signedQuery(config, subject(clientId), UNSUBSCRIBE_TTL_SECONDS, now)}`;
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

export function verifyUnsubscribeLink(
  config: SignerConfig,
  clientId: number,
  link: { expires: unknown; signature: unknown },
  now = new Date(),
) {
  return checkSignedLink(config, subject(clientId), link, now) === 'ok';
}
