import { type AgencyContact, longDate } from '@app/shared';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailAttachment, MailMessage } from '../../platform/mail';
import { agencyBrand } from '../budget-documents/budget-documents.mails';
import type { UnsubscribeLink } from '../marketing-consent/unsubscribe-links';

export type ContractMailData = {
  to: string[];
  agency: AgencyContact;
  trip: { title: string; destination: string | null; startDate: string | null; endDate: string | null };
  clientName: string;
  /** The agent who sent it: the client's replies go to them (none: the agency's e-mail, if any). */
  sender: { name: string; email: string | null };
  message: string | null;
  pdf: MailAttachment;
  /** The signed link that withdraws the client's marketing consent: footer and List-Unsubscribe headers. */
  unsubscribe: UnsubscribeLink;
};

/** The client's mail: the agency's brand, the agent's message, the contract's PDF attached. */
export function contractMail(appUrl: string, d: ContractMailData): Promise<MailMessage> {
  const when = [longDate(d.trip.startDate), longDate(d.trip.endDate)].filter(Boolean).join(' a ');
  const trip = [d.trip.destination, when].filter(Boolean).join(', ');
  return renderMail(
    {
      to: d.to,
      subject: `${d.agency.name}: contrato da sua viagem – ${d.trip.title}`,
      ...(d.sender.email ? { replyTo: d.sender.email } : {}),
      attachments: [d.pdf],
      headers: d.unsubscribe.headers,
    },
    <EmailLayout
      brand={agencyBrand(appUrl, d.agency)}
      preview={`Contrato de ${d.trip.title}${trip ? ` – ${trip}` : ''}`}
      heading={`Contrato – ${d.trip.title}`}
      footnote={d.sender.email ? `Responda a este e-mail para falar com ${d.sender.name}.` : undefined}
      unsubscribeUrl={d.unsubscribe.url}
    >
      <P>Olá{d.clientName ? `, ${d.clientName}` : ''}!</P>
      <P>
        {d.sender.name}, da {d.agency.name}, enviou o contrato da sua viagem{trip ? ` (${trip})` : ''}. O PDF segue em anexo: leia com
        atenção, assine e devolva a via assinada à agência.
      </P>
      {d.message ? <Quote>{d.message}</Quote> : null}
    </EmailLayout>,
  );
}
