import { type AgencyContact, agencyRegistration, type LandingPage, landingPagePath, longDate } from '@app/shared';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailAttachment, MailMessage } from '../../platform/mail';
import type { UnsubscribeLink } from '../marketing-consent/unsubscribe-links';

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

/** The agency as a mail's header and footer show it: its name, its logo and its contact lines. */
export function agencyBrand(appUrl: string, a: AgencyContact & { name: string; logo_url: string | null }) {
  return { name: a.name, logoUrl: a.logo_url ? `${appUrl}${a.logo_url}` : null, contact: agencyContactLines(a) };
}

export type BudgetMailData = {
  to: string[];
  page: LandingPage;
  kind: 'budget' | 'proposals';
  /** The agent who sent it: the customer's replies go to them. */
  sender: { name: string; email: string };
  message: string | null;
  pdf: MailAttachment;
  /** The signed link that withdraws the client's marketing consent: footer and List-Unsubscribe headers. */
  unsubscribe: UnsubscribeLink;
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
      headers: d.unsubscribe.headers,
    },
    <EmailLayout
      brand={agencyBrand(appUrl, page.agency)}
      preview={`${page.title}${trip ? ` – ${trip}` : ''}`}
      heading={page.title}
      action={{ label: 'Ver orçamento', href: link }}
      footnote={`Responda a este e-mail para falar com ${d.sender.name}.`}
      unsubscribeUrl={d.unsubscribe.url}
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

export type BudgetReminderMailData = {
  to: string;
  clientName: string;
  agency: AgencyContact;
  budget: { title: string; landingPageId: string };
  /** The budget's owner: the customer's replies go to them. */
  owner: { name: string; email: string };
  unsubscribe: UnsubscribeLink;
};

/**
 * The marketing follow-up (rule budget_customer_reminder): a gentle reminder of a budget sent and not
 * accepted, with its landing link. Only to a client whose consent stands (follow-ups.service.ts).
 */
export function budgetReminderMail(appUrl: string, d: BudgetReminderMailData): Promise<MailMessage> {
  const link = `${appUrl}${landingPagePath(d.budget.landingPageId)}`;
  const subject = `${d.agency.name}: sua proposta de viagem ainda está disponível – ${d.budget.title}`;
  return renderMail(
    { to: d.to, subject, replyTo: d.owner.email, headers: d.unsubscribe.headers },
    <EmailLayout
      brand={agencyBrand(appUrl, d.agency)}
      preview={subject}
      heading={d.budget.title}
      action={{ label: 'Ver orçamento', href: link }}
      footnote={`Ficou alguma dúvida ou quer outra opção? Responda a este e-mail para falar com ${d.owner.name}.`}
      unsubscribeUrl={d.unsubscribe.url}
    >
      <P>Olá, {d.clientName}!</P>
      <P>
        A proposta que a {d.agency.name} preparou para a sua viagem continua esperando por você. Veja os detalhes e aceite pelo botão abaixo
        quando quiser.
      </P>
    </EmailLayout>,
  );
}
