import { longDate, PRODUCT_NAME } from '@app/shared';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../platform/mail';

/** Stripe's customer.subscription.trial_will_end (three days before the trial ends). */
export function trialWillEndMail(appUrl: string, to: string, name: string, companyName: string, trialEnd: Date): MailMessage {
  const link = `${appUrl}/seu-plano`;
  // The calendar day in Brazil ('sv-SE' formats as YYYY-MM-DD).
  const date = longDate(trialEnd.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }));
  return {
    to,
    subject: `${PRODUCT_NAME}: o período de teste da ${companyName} está terminando`,
    text: `Olá, ${name}!\n\nO período de teste da ${companyName} termina em ${date}. Para continuar usando todos os recursos, assine um plano em:\n${link}\n\nSe preferir, na mesma página você pode migrar para o Plano Grátis.`,
    html: `<p>Olá, ${escapeHtml(name)}!</p><p>O período de teste da ${escapeHtml(companyName)} termina em ${escapeHtml(date)}. Para continuar usando todos os recursos, assine um plano.</p><p><a href="${link}">Ver meu plano</a></p><p>Se preferir, na mesma página você pode migrar para o Plano Grátis.</p>`,
  };
}
