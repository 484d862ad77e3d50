// pt-BR wording of the landing page. Zod-free on purpose: the shared label maps live beside their
// schemas, which would bring zod into this small entry.
import type { AgencyContact, LandingPage } from '@app/shared/landing-pages';

type Counts = { adult_number: number; child_number: number; infant_number: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 adultos, 1 criança' (empty groups left out). */
export function travellers({ adult_number, child_number, infant_number }: Counts): string {
  return [
    adult_number ? plural(adult_number, 'adulto', 'adultos') : '',
    child_number ? plural(child_number, 'criança', 'crianças') : '',
    infant_number ? plural(infant_number, 'bebê', 'bebês') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export const RECOMMENDATION_LABELS: Record<LandingPage['recommendations'][number]['category'], string> = {
  restaurant: 'Restaurante',
  tour: 'Passeio',
  document: 'Documento',
  tip: 'Dica',
  other: 'Outro',
};

const digits = (value: string) => value.replace(/\D/g, '');

/** wa.me wants the number with its country code: a Brazilian number typed without it gets 55. */
export function whatsappUrl(phone: string, text: string): string | null {
  const number = digits(phone);
  if (number.length < 10) return null;
  const full = number.length <= 11 ? `55${number}` : number;
  return `https://wa.me/${full}?text=${encodeURIComponent(text)}`;
}

export const telUrl = (phone: string) => `tel:+${digits(phone).length <= 11 ? `55${digits(phone)}` : digits(phone)}`;

/** The agency's site as a link: 'agencia.com.br' gets https://. */
export const siteUrl = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);

/** '@agencia', 'agencia' or a full profile URL -> the profile's URL and its '@handle'. */
export function instagram(value: string): { url: string; handle: string } {
  const handle = value
    .trim()
    .replace(/^https?:\/\/(www\.)?instagram\.com\//i, '')
    .replace(/^@/, '')
    .replace(/\/.*$/, '');
  return { url: `https://instagram.com/${handle}`, handle: `@${handle}` };
}

export const agencyPlace = (agency: AgencyContact) => [agency.city, agency.state].filter(Boolean).join(' - ');
