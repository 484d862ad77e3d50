// Signed links to a contract's files (apps/api/src/signed-links.ts): a browser tab opens the PDF
// straight from the link, without a session.
import type { ContractFileKind } from '@app/shared';
import type { Config } from '../../config';
import { checkSignedLink, signedQuery } from '../../signed-links';

/** The agency's screens open the file at once: a copied link dies soon. */
export const CONTRACT_LINK_TTL_SECONDS = 5 * 60;

type SignerConfig = Pick<Config, 'jwtSecret'>;
const subject = (id: number, kind: ContractFileKind) => `contract-file:${id}:${kind}`;

/** The signed path `/api/contracts/file/{id}?kind=...&expires={unix}&signature={hex}`. */
export function contractFileUrl(config: SignerConfig, id: number, kind: ContractFileKind, now = new Date()): string {
  return `/api/contracts/file/${id}?kind=${kind}&${signedQuery(config, subject(id, kind), CONTRACT_LINK_TTL_SECONDS, now)}`;
}

/** 'ok', or why the link does not open: not one this app signed ('invalid'), or past its expiry. */
export function checkContractFileLink(
  config: SignerConfig,
  link: { id: number; kind: ContractFileKind; expires: string; signature: string },
  now = new Date(),
): 'ok' | 'invalid' | 'expired' {
  return checkSignedLink(config, subject(link.id, link.kind), link, now);
}
