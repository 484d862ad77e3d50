// The links an agent shares a budget with: the customer's page, and WhatsApp's ready message; and
// how what the customer did with them reads.
import { dateTime } from '@app/shared/format';
import type { BudgetAcceptedInfo } from '@app/shared/landing-pages';
import { firstName, landingPagePath } from '@app/shared/landing-rules';

export { whatsappNumber, whatsappUrl } from '@app/shared/whatsapp';

/** The full address of a budget's landing page, on this app's host. */
export const landingPageUrl = (origin: string, landingPageId: string) => `${origin}${landingPagePath(landingPageId)}`;

/** The message the agent sends the customer with the link. */
export function shareMessage(clientName: string | null | undefined, title: string, url: string): string {
  const name = clientName ? firstName(clientName) : '';
  return `Olá${name ? `, ${name}` : ''}! Preparamos o seu orçamento "${title}". Veja as propostas e escolha a sua por aqui: ${url}`;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b/, 'Mac'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bLinux\b/, 'Linux'],
];

/** A user agent as people say it ('Chrome no Android'), or null when it says nothing known. */
export function deviceOf(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? null;
}

/** "12 visitas de 3 visitantes · última em 27/11/2026, 14:03" (views from before visits were counted name no visitor). */
export function visitsText(views: Pick<BudgetAcceptedInfo['views'], 'count' | 'unique_visitors' | 'last_viewed_at'>): string {
  if (views.count === 0) return 'Nenhuma visita ainda.';
  const visits = views.count === 1 ? '1 visita' : `${views.count} visitas`;
  const visitors =
    views.unique_visitors === 0 ? '' : views.unique_visitors === 1 ? ' de 1 visitante' : ` de ${views.unique_visitors} visitantes`;
  const last = views.last_viewed_at ? ` · última em ${dateTime(views.last_viewed_at)}` : '';
  return `${visits}${visitors}${last}`;
}
