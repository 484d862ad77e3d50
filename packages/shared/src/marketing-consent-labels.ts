// The words of a client's consent to marketing e-mails, without zod: the landing page's small bundle
// imports them (its accept form has the same checkbox as the client form).
import type { MarketingConsentSource } from '@app/db/browser';

export type { MarketingConsentSource };

export const MARKETING_CONSENT_SOURCES = ['form', 'landing_page', 'import'] as const satisfies readonly MarketingConsentSource[];
export const MARKETING_CONSENT_SOURCE_LABELS: Record<MarketingConsentSource, string> = {
  form: 'cadastro pela agência',
  landing_page: 'aceite do orçamento',
  import: 'importação',
};

/** The checkbox on the client form and on the landing page's accept form (the channel, e-mail, is left out: forms find their E-mail field by that word). */
export const MARKETING_CONSENT_LABEL = 'Aceita receber ofertas e novidades da agência';
/** The footer line of every e-mail to a client, before its link. */
export const UNSUBSCRIBE_FOOTER = 'Não quer mais receber nossos e-mails? Descadastre-se:';

export const MARKETING_CONSENT_MESSAGES = {
  linkInvalid: 'Link de descadastro inválido ou expirado.',
} as const;
