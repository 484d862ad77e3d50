import { type AgencyContact, fileSize, longDate } from '@app/shared';
import { Link } from '@react-email/components';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailAttachment, MailMessage } from '../../platform/mail';
import { agencyBrand } from '../budget-documents/budget-documents.mails';
import type { UnsubscribeLink } from '../marketing-consent/unsubscribe-links';
import { VOUCHER_SHARE_DAYS } from './voucher-links';
import type { VoucherLink } from './voucher-share';

export type VouchersMailData = {
  to: string[];
  agency: AgencyContact;
  trip: { title: string; destination: string | null; startDate: string | null; endDate: string | null };
  clientName: string;
  /** The agent who sent it: the client's replies go to them. */
  sender: { name: string; email: string };
  message: string | null;
  /** Every voucher with its link; `attached` when its file goes in the mail too. */
  vouchers: (VoucherLink & { attached: boolean; size: number })[];
  attachments: MailAttachment[];
  /** The signed link that withdraws the client's marketing consent: footer and List-Unsubscribe headers. */
  unsubscribe: UnsubscribeLink;
};

/** The client's mail: the agency's brand, the agent's message, each voucher's link, the files attached (up to the mail's size cap). */
export function vouchersMail(appUrl: string, d: VouchersMailData): Promise<MailMessage> {
  const when = [longDate(d.trip.startDate), longDate(d.trip.endDate)].filter(Boolean).join(' a ');
  const trip = [d.trip.destination, when].filter(Boolean).join(', ');
  const linkedOnly = d.vouchers.some((v) => !v.attached);
  return renderMail(
    {
      to: d.to,
      subject: `${d.agency.name}: vouchers da sua viagem – ${d.trip.title}`,
      replyTo: d.sender.email,
      attachments: d.attachments,
      headers: d.unsubscribe.headers,
    },
    <EmailLayout
      brand={agencyBrand(appUrl, d.agency)}
      preview={`Vouchers de ${d.trip.title}${trip ? ` – ${trip}` : ''}`}
      heading={d.trip.title}
      footnote={`Os links valem por ${VOUCHER_SHARE_DAYS} dias. Responda a este e-mail para falar com ${d.sender.name}.`}
      unsubscribeUrl={d.unsubscribe.url}
    >
      <P>Olá{d.clientName ? `, ${d.clientName}` : ''}!</P>
      <P>
        {d.sender.name}, da {d.agency.name}, enviou os vouchers da sua viagem{trip ? ` (${trip})` : ''}. Leve-os com você: abra cada um pelo
        link abaixo{linkedOnly ? '' : ' ou nos anexos deste e-mail'}.
      </P>
      {d.message ? <Quote>{d.message}</Quote> : null}
      {d.vouchers.map((v) => (
        <P key={v.url}>
          {v.label}: <Link href={v.url}>{v.filename}</Link>
          {v.attached ? ' (em anexo)' : ` (${fileSize(v.size)}, só pelo link)`}
        </P>
      ))}
    </EmailLayout>,
  );
}
