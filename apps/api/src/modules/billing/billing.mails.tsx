import { longDate, PRODUCT_NAME } from '@app/shared';
import { EmailLayout, P, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

/** Stripe's customer.subscription.trial_will_end (three days before the trial ends). */
export function trialWillEndMail(appUrl: string, to: string, name: string, companyName: string, trialEnd: Date): Promise<MailMessage> {
  const link = `${appUrl}/seu-plano`;
  // The calendar day in Brazil ('sv-SE' formats as YYYY-MM-DD).
  const date = longDate(trialEnd.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }));
  return renderMail(
    { to, subject: `${PRODUCT_NAME}: o período de teste da ${companyName} está terminando` },
    <EmailLayout
      brand={{ name: PRODUCT_NAME }}
      preview={`O período de teste termina em ${date}`}
      heading={`Olá, ${name}!`}
      action={{ label: 'Ver meu plano', href: link }}
      footnote="Se preferir, na mesma página você pode migrar para o Plano Grátis."
    >
      <P>
        O período de teste da {companyName} termina em {date}. Para continuar usando todos os recursos, assine um plano.
      </P>
    </EmailLayout>,
  );
}
