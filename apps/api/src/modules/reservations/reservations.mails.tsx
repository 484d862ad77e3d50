import { type AgeGroup, type AgencyContact, PAX_AGE_GROUP_LABELS, shortDate, toCurrency } from '@app/shared';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';
import { agencyBrand } from '../budget-documents/budget-documents.mails';

export type ReservationRequestMailData = {
  to: string[];
  agency: AgencyContact;
  /** Who asks: the supplier's replies go to them. */
  agent: { name: string; email: string; phone: string | null };
  supplierName: string | null;
  clientName: string;
  passengers: { name: string; age_group: AgeGroup }[];
  service: {
    type_label: string;
    title: string;
    description: string | null;
    start_date: string | null;
    start_time: string | null;
    end_date: string | null;
    end_time: string | null;
    adult_number: number;
    child_number: number;
    infant_number: number;
  };
  amount: { currency: string; cents: number };
  locator: string | null;
  message: string | null;
};

const when = (date: string | null, time: string | null) => [shortDate(date), time].filter(Boolean).join(' às ');

function headCount(s: ReservationRequestMailData['service']): string {
  const part = (n: number, one: string, many: string) => (n > 0 ? `${n} ${n === 1 ? one : many}` : null);
  return [part(s.adult_number, 'adulto', 'adultos'), part(s.child_number, 'criança', 'crianças'), part(s.infant_number, 'bebê', 'bebês')]
    .filter(Boolean)
    .join(', ');
}

/** The agency asks the supplier to book one sold service; the supplier answers the agent (reply-to: no button needed). */
export function reservationRequestMail(appUrl: string, d: ReservationRequestMailData): Promise<MailMessage> {
  const { service } = d;
  const period = [when(service.start_date, service.start_time), when(service.end_date, service.end_time)].filter(Boolean).join(' a ');
  const travellers = d.passengers.length
    ? d.passengers.map((p) => `${p.name} (${PAX_AGE_GROUP_LABELS[p.age_group]})`).join(', ')
    : d.clientName;
  const lines = [
    `Serviço: ${service.type_label} – ${service.title}`,
    ...(service.description ? [`Detalhes: ${service.description}`] : []),
    ...(period ? [`Data: ${period}`] : []),
    `Cliente: ${d.clientName}`,
    `Passageiros: ${travellers}`,
    ...(headCount(service) ? [`Quantidade: ${headCount(service)}`] : []),
    `Valor: ${toCurrency(d.amount.cents, d.amount.currency)}`,
    ...(d.locator ? [`Localizador: ${d.locator}`] : []),
  ];
  const agentContact = [d.agent.email, d.agent.phone].filter(Boolean).join(' · ');
  const subject = `Solicitação de reserva: ${service.title} – ${d.agency.name}`;
  return renderMail(
    { to: d.to, subject, replyTo: d.agent.email },
    <EmailLayout
      brand={agencyBrand(appUrl, d.agency)}
      preview={`${service.title}${period ? ` – ${period}` : ''}`}
      heading="Solicitação de reserva"
      footnote={`Responda a este e-mail para falar com ${d.agent.name}.`}
    >
      <P>Olá{d.supplierName ? `, ${d.supplierName}` : ''}!</P>
      <P>A {d.agency.name} solicita a reserva do serviço abaixo:</P>
      {lines.map((line) => (
        <P key={line}>{line}</P>
      ))}
      {d.message ? <Quote>{d.message}</Quote> : null}
      <P>Por favor, confirme a reserva respondendo a este e-mail com o localizador ou o código de confirmação.</P>
      <P>
        Atenciosamente, {d.agent.name}
        {agentContact ? ` (${agentContact})` : ''}
      </P>
    </EmailLayout>,
  );
}
