// The links an agent shares a budget with: the customer's page, and WhatsApp's ready message.
import { onlyDigits } from '@app/shared/documents';
import { firstName, landingPagePath } from '@app/shared/landing-rules';

/** The full address of a budget's landing page, on this app's host. */
export const landingPageUrl = (origin: string, landingPageId: string) => `${origin}${landingPagePath(landingPageId)}`;

/**
 * A Brazilian phone as WhatsApp's wa.me takes it (55, area code, number), or null when it is not
 * one (too short, too long): then WhatsApp asks the agent for the contact.
 */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = onlyDigits(phone ?? '').replace(/^0+/, '');
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits;
  return null;
}

/** The message the agent sends the customer with the link. */
export function shareMessage(clientName: string | null | undefined, title: string, url: string): string {
  const name = clientName ? firstName(clientName) : '';
  return `Olá${name ? `, ${name}` : ''}! Preparamos o seu orçamento "${title}". Veja as propostas e escolha a sua por aqui: ${url}`;
}

/** A wa.me link opening a chat with the phone (when it is one) and the message typed in. */
export function whatsappUrl(phone: string | null | undefined, message: string): string {
  const number = whatsappNumber(phone);
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(message)}`;
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
