import { type AgencyContact, agencyRegistration, type LandingPage, landingPagePath, longDate } from '@app/shared';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailAttachment, MailMessage } from '../../platform/mail';

/** The agency's contact lines for a mail's footer. */
export function agencyContactLines(a: AgencyContact): string[] {
  return [
    a.email,
    [a.phone, a.whatsapp && a.whatsapp !== a.phone ? `WhatsApp ${a.whatsapp}` : null].filter(Boolean).join(' · '),
    a.website,
    a.instagram ? `Instagram ${a.instagram.startsWith('@') ? a.instagram : `@${a.instagram}`}` : null,
    [a.city, a.state].filter(Boolean).join('/'),
    agencyRegistration(a),
  ].filter((line): line is string => !!line);
}

export type BudgetMailData = {
  to: string[];
  page: LandingPage;
  kind: 'budget' | 'proposals';
  /** The agent who sent it: the customer's replies go to them. */
  sender: { name: string; email: string };
  message: string | null;
  pdf: MailAttachment;
};

/** The customer's mail: the agency's brand, the agent's message, one button to the landing page, the PDF attached. */
export function budgetMail(appUrl: string, d: BudgetMailData): Promise<MailMessage> {
  const { page } = d;
  const link = `${appUrl}${landingPagePath(page.landing_page_id)}`;
  const what = d.kind === 'proposals' && page.proposals.length > 1 ? 'as propostas' : d.kind === 'proposals' ? 'a proposta' : 'o orçamento';
  const trip = [page.destination, [longDate(page.start_date), longDate(page.end_date)].filter(Boolean).join(' a ')]
    .filter(Boolean)
    .join(', ');
  return renderMail(
    {
      to: d.to,
      subject: `${page.agency.name}: ${d.kind === 'proposals' ? 'propostas de viagem' : 'orçamento de viagem'} – ${page.title}`,
      replyTo: d.sender.email,
      attachments: [d.pdf],
    },
    <EmailLayout
      brand={{
        name: page.agency.name,
        logoUrl: page.agency.logo_url ? `${appUrl}${page.agency.logo_url}` : null,
        contact: agencyContactLines(page.agency),
      }}
      preview={`${page.title}${trip ? ` – ${trip}` : ''}`}
      heading={page.title}
      action={{ label: 'Ver orçamento', href: link }}
      footnote={`Responda a este e-mail para falar com ${d.sender.name}.`}
    >
      <P>Olá!</P>
      <P>
        {d.sender.name}, da {page.agency.name}, enviou {what} da sua viagem{trip ? ` (${trip})` : ''}. Veja todos os detalhes no botão
        abaixo; o PDF segue em anexo.
      </P>
      {d.message ? <Quote>{d.message}</Quote> : null}
    </EmailLayout>,
  );
}
