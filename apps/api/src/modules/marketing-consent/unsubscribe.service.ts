// GET/POST /api/unsubscribe/{id}: the client's own way out of marketing e-mails, from the link in
// every e-mail the agency sends them. No session: the link's signature is the capability, checked
// before the client is looked up (a forged link learns nothing: 403 whether or not the id exists).
import type { Db } from '@app/db';
import { firstName, MARKETING_CONSENT_MESSAGES, type UnsubscribeInput } from '@app/shared';
import type { Config } from '../../config';
import { AppError, notFound } from '../../errors';
import { verifyUnsubscribeLink } from './unsubscribe-links';

type Deps = { db: Db; config: Pick<Config, 'jwtSecret'> };

export type UnsubscribeState = { firstName: string; agencyName: string; withdrawn: boolean };

async function signedClient(s: Deps, input: UnsubscribeInput) {
  if (!verifyUnsubscribeLink(s.config, input.id, input))
    throw new AppError('FORBIDDEN', { message: MARKETING_CONSENT_MESSAGES.linkInvalid });
  // The signed link was issued for this id by the client's own agency: it names the client alone.
  const client = await s.db.client.findUnique({
    where: { id: input.id },
    select: { id: true, name: true, marketingConsentWithdrawnAt: true, company: { select: { name: true } } },
  });
  if (!client) throw notFound();
  return client;
}

/** What the confirmation page shows (nothing changes). */
export async function unsubscribeState(s: Deps, input: UnsubscribeInput): Promise<UnsubscribeState> {
  const client = await signedClient(s, input);
  return { firstName: firstName(client.name), agencyName: client.company.name, withdrawn: client.marketingConsentWithdrawnAt !== null };
}

/**
 * Withdraws the consent (the page's button, or a mail client's one-click POST): `withdrawn_at` is the
 * record of when, kept from the first withdrawal however often the link is used. A client who never
 * consented gets it too, so a consent typed later by mistake is visibly after an objection.
 */
export async function withdrawByLink(s: Deps, input: UnsubscribeInput): Promise<UnsubscribeState> {
  const client = await signedClient(s, input);
  await s.db.client.updateMany({
    where: { id: client.id, marketingConsentWithdrawnAt: null },
    data: { marketingConsentWithdrawnAt: new Date() },
  });
  return { firstName: firstName(client.name), agencyName: client.company.name, withdrawn: true };
}
