import { longDate, PRODUCT_NAME } from '@app/shared';
import { EmailLayout, P, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

export type AcceptedMailData = {
  to: string;
  agentName: string;
  budgetId: number;
  budgetTitle: string;
  proposalTitle: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: string | null;
  installments: number | null;
  acceptedAt: Date;
};

/** The agent's notice that the customer accepted a proposal on the landing page. */
export function budgetAcceptedMail(appUrl: string, d: AcceptedMailData): Promise<MailMessage> {
  const link = `${appUrl}/orcamento-infor/${d.budgetId}`;
  // The calendar day in Brazil ('sv-SE' formats as YYYY-MM-DD).
  const date = longDate(d.acceptedAt.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }));
  const payment = d.paymentMethod ? `${d.paymentMethod}${d.installments && d.installments > 1 ? ` em ${d.installments}x` : ''}` : null;
  const lines = [
    `Proposta: ${d.proposalTitle}`,
    `Cliente: ${d.customerName} (${d.customerEmail})`,
    ...(payment ? [`Forma de pagamento: ${payment}`] : []),
    `Aceito em: ${date}`,
  ];
  return renderMail(
    { to: d.to, subject: `Proposta aceita: ${d.budgetTitle}` },
    <EmailLayout
      brand={{ name: PRODUCT_NAME }}
      preview={`${d.customerName} aceitou ${d.proposalTitle}`}
      heading={`Olá, ${d.agentName}!`}
      action={{ label: 'Ver o orçamento', href: link }}
    >
      <P>O cliente aceitou uma proposta do orçamento "{d.budgetTitle}".</P>
      {lines.map((line) => (
        <P key={line}>{line}</P>
      ))}
    </EmailLayout>,
  );
}
