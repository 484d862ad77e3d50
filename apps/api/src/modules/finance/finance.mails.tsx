import { type AgencyContact, longDate, type Receivable, toCurrency } from '@app/shared';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';
import { agencyBrand } from '../budget-documents/budget-documents.mails';
import type { UnsubscribeLink } from '../marketing-consent/unsubscribe-links';

export type InstallmentReminderData = {
  to: string;
  clientName: string;
  agency: AgencyContact;
  /** The seller: the customer's replies go to them. */
  seller: { name: string; email: string };
  receivable: Receivable;
  overdue: boolean;
  /** The signed link that withdraws the client's marketing consent: footer and List-Unsubscribe headers. */
  unsubscribe: UnsubscribeLink;
};

/** The customer's reminder of an installment that is due soon or overdue, with the Pix code of what is left when it is paid by Pix. */
export function installmentReminderMail(appUrl: string, d: InstallmentReminderData): Promise<MailMessage> {
  const r = d.receivable;
  const amount = toCurrency(r.open_cents, r.currency);
  const due = longDate(r.due_date);
  const subject = d.overdue
    ? `${d.agency.name}: parcela de ${amount} em aberto desde ${due}`
    : `${d.agency.name}: parcela de ${amount} vence em ${due}`;
  return renderMail(
    { to: d.to, subject, replyTo: d.seller.email, headers: d.unsubscribe.headers },
    <EmailLayout
      brand={agencyBrand(appUrl, d.agency)}
      preview={subject}
      heading={d.overdue ? 'Parcela em aberto' : 'Lembrete de vencimento'}
      footnote={`Já pagou? Desconsidere este lembrete. Dúvidas: responda a este e-mail para falar com ${d.seller.name}.`}
      unsubscribeUrl={d.unsubscribe.url}
    >
      <P>Olá, {d.clientName}!</P>
      <P>
        {d.overdue
          ? `A parcela ${r.number} de ${r.installments} da sua viagem "${r.budget_title}" venceu em ${due} e consta em aberto: ${amount}.`
          : `A parcela ${r.number} de ${r.installments} da sua viagem "${r.budget_title}" vence em ${due}: ${amount}.`}
      </P>
      {r.pix ? (
        <>
          <P>Para pagar por Pix, copie o código abaixo ("Pix copia e cola") no aplicativo do seu banco:</P>
          <Quote>{r.pix.br_code}</Quote>
        </>
      ) : r.payment_method ? (
        <P>Forma de pagamento combinada: {r.payment_method.name}.</P>
      ) : null}
    </EmailLayout>,
  );
}
