import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { MailMessage } from '../mail';

export { type EmailBrand, EmailLayout, P, Quote } from './layout';

/** The message with its HTML and the plain-text part rendered from the same template. */
export async function renderMail(envelope: Omit<MailMessage, 'text' | 'html'>, body: ReactElement): Promise<MailMessage> {
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { ...envelope, html, text };
}
