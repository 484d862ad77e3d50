// A client's consent to marketing e-mails (LGPD): when and where it was given, when withdrawn, and
// the unsubscribe link every e-mail to a client carries (GET/POST /api/unsubscribe/{id}).
import { MARKETING_CONSENT_SOURCES } from './marketing-consent-labels';
import { idParam } from './pagination';
import { z } from './zod';

export * from './marketing-consent-labels';

/** What a client's record says of the consent; `granted`: given and not withdrawn (marketing may go). */
export const marketingConsentSchema = z.object({
  granted: z.boolean(),
  granted_at: z.string().nullable(),
  source: z.enum(MARKETING_CONSENT_SOURCES).nullable(),
  withdrawn_at: z.string().nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;

/** The client form's checkbox: true records a consent (source 'form') unless one stands, false withdraws it. */
export const marketingConsentField = z.boolean().optional();

/** GET/POST /api/unsubscribe/{id}?expires&signature: the link signed for the client's id (no session). */
export const unsubscribeInput = idParam.extend({ expires: z.string().max(20), signature: z.string().max(128) }).strict();
export type UnsubscribeInput = z.infer<typeof unsubscribeInput>;
