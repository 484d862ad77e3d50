// WhatsApp share links (wa.me) for the budget's landing page and the sale's vouchers.
import { onlyDigits } from './documents';

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

/** A wa.me link opening a chat with the phone (when it is one) and the message typed in. */
export function whatsappUrl(phone: string | null | undefined, message: string): string {
  return `https://wa.me/${whatsappNumber(phone) ?? ''}?text=${encodeURIComponent(message)}`;
}
