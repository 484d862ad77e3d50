/** @jsxImportSource preact */
// The customer's budget page: the trip, its proposals day by day, prices and ways to pay (when the
// agency shows values), accepting, and the agency's contact. Loading, invalid-link and error states.
import { AGE_GROUPS } from '@app/shared/budget-totals';
import { agencyRegistration } from '@app/shared/documents';
import { longDate, toCurrency, weekdayLongDate } from '@app/shared/format';
import { imageSrcSet, LANDING_COVER_SIZES, resizedImageUrl } from '@app/shared/image-widths';
import { heroLines, LANDING_HERO_KICKER } from '@app/shared/landing-hero';
import type { AgencyContact, LandingPage, LandingProposal } from '@app/shared/landing-pages';
import { LANDING_PAGE_MESSAGES, timelineDays } from '@app/shared/landing-rules';
import { passengerSplit, perPassengerText } from '@app/shared/splits';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ACCEPT_FORM_ID, AcceptForm, focusAcceptForm } from './AcceptForm';
import { fetchLandingPage, LandingError } from './api';
import { CanceledServices } from './CanceledServices';
import { PaymentOptions } from './PaymentOptions';
import { ServiceCard } from './ServiceCard';
import { agencyPlace, instagram, RECOMMENDATION_LABELS, siteUrl, telUrl, travellers, whatsappUrl } from './text';

function AgencyBar({ agency }: { agency: AgencyContact }) {
  return (
    <header class="lp-top">
      {agency.logo_url ? (
        <img class="lp-logo" src={agency.logo_url} alt={`Logo de ${agency.name}`} width={40} height={40} />
      ) : (
        <span class="lp-logo lp-logo--initial" aria-hidden="true">
          {agency.name.charAt(0)}
        </span>
      )}
      <span class="lp-agency-name">{agency.name}</span>
    </header>
  );
}

/**
 * The agency's bar and the cover with its caption. The server renders the same markup into the HTML
 * (apps/api/src/modules/landing-pages/landing-html.ts) so it paints before this script runs: keep
 * the two alike (elements, classes, URLs, texts), or the page jumps when this render replaces it.
 */
function Hero({ page }: { page: LandingPage }) {
  const { trip, forWhom } = heroLines(page);
  return (
    <section class={`lp-hero${page.cover_image_url ? '' : ' lp-hero--plain'}`}>
      {page.cover_image_url && (
        // The page's largest paint: fetched at once (the HTML preloads the same srcset), never lazily, its box reserved.
        <img
          class="lp-cover"
          src={resizedImageUrl(page.cover_image_url, 720)}
          srcset={imageSrcSet(page.cover_image_url)}
          sizes={LANDING_COVER_SIZES}
          alt=""
          width={1600}
          height={1000}
          fetchpriority="high"
        />
      )}
      <div class="lp-hero-text">
        <p class="lp-kicker">{LANDING_HERO_KICKER}</p>
        <h1>{page.title}</h1>
        <p class="lp-hero-meta">{trip}</p>
        {forWhom && <p class="lp-hero-meta">{forWhom}</p>}
      </div>
    </section>
  );
}

const dayNumber = (first: string, date: string) => Math.round((Date.parse(date) - Date.parse(first)) / 86_400_000) + 1;

function Timeline({ proposal, currency }: { proposal: LandingProposal; currency: string }) {
  const days = timelineDays(proposal.services);
  const first = days[0]?.date;
  if (!days.length) return <p class="lp-muted">Os serviços desta proposta ainda serão detalhados pela agência.</p>;
  return (
    <ol class="lp-timeline" aria-label="Roteiro dia a dia">
      {days.map((day) => (
        <li key={day.date ?? 'undated'} class="lp-day">
          <h3 class="lp-day-title">
            {day.date && first ? (
              <>
                <span class="lp-day-number">Dia {dayNumber(first, day.date)}</span> {weekdayLongDate(day.date)}
              </>
            ) : (
              'Sem data definida'
            )}
          </h3>
          {day.services.map((service) => (
            <ServiceCard key={service.id} service={service} currency={currency} />
          ))}
        </li>
      ))}
    </ol>
  );
}

function Totals({ proposal, currency }: { proposal: LandingProposal; currency: string }) {
  const totals = proposal.totals;
  if (!totals) return null;
  // 'R$ 4.317,06 por adulto', or the group's first passenger with the leftover cents named.
  const per = AGE_GROUPS.flatMap((group) => {
    const split = passengerSplit(totals, group);
    return split ? [perPassengerText(group, split, (cents) => toCurrency(cents, currency))] : [];
  });
  const who = travellers({
    adult_number: totals.passengers.adult,
    child_number: totals.passengers.child,
    infant_number: totals.passengers.infant,
  });
  return (
    <div class="lp-total" aria-live="polite">
      <p class="lp-label">Total da proposta{who ? ` · ${who}` : ''}</p>
      <p class="lp-total-value" data-testid="proposal-total">
        {toCurrency(totals.sale_cents, currency)}
      </p>
      {per.length > 0 && (
        <p class="lp-muted" data-testid="per-passenger">
          {per.join(' · ')}
        </p>
      )}
    </div>
  );
}

function ProposalTabs({
  proposals,
  selected,
  onSelect,
}: {
  proposals: LandingProposal[];
  selected: number;
  onSelect: (id: number) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  function onKeyDown(event: KeyboardEvent) {
    const index = proposals.findIndex((p) => p.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: proposals.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = proposals[(to + proposals.length) % proposals.length];
    if (!next) return;
    onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`#proposal-tab-${next.id}`)?.focus();
  }
  return (
    <div class="lp-tabs" role="tablist" aria-label="Propostas" ref={list} onKeyDown={onKeyDown}>
      {proposals.map((p) => (
        <button
          key={p.id}
          type="button"
          role="tab"
          id={`proposal-tab-${p.id}`}
          aria-selected={p.id === selected}
          aria-controls="proposal-panel"
          tabIndex={p.id === selected ? 0 : -1}
          onClick={() => onSelect(p.id)}
        >
          {p.title}
        </button>
      ))}
    </div>
  );
}

function Contact({ page }: { page: LandingPage }) {
  const { agency } = page;
  const whatsapp = agency.whatsapp && whatsappUrl(agency.whatsapp, `Olá! Estou vendo a proposta “${page.title}”.`);
  const insta = agency.instagram ? instagram(agency.instagram) : null;
  return (
    <section class="lp-section lp-contact" aria-labelledby="contact-title">
      <h2 id="contact-title">Fale com a {agency.name}</h2>
      <p class="lp-muted">
        Seu agente: {page.agent.name}
        {agencyPlace(agency) && ` · ${agencyPlace(agency)}`}
      </p>
      {whatsapp && (
        <a class="lp-button lp-button--whatsapp lp-button--block" href={whatsapp} target="_blank" rel="noopener noreferrer">
          Conversar no WhatsApp
        </a>
      )}
      <ul class="lp-contact-list">
        {agency.phone && (
          <li>
            <span>Telefone</span> <a href={telUrl(agency.phone)}>{agency.phone}</a>
          </li>
        )}
        {agency.email && (
          <li>
            <span>E-mail</span> <a href={`mailto:${agency.email}`}>{agency.email}</a>
          </li>
        )}
        {agency.website && (
          <li>
            <span>Site</span>{' '}
            <a href={siteUrl(agency.website)} target="_blank" rel="noopener noreferrer">
              {agency.website.replace(/^https?:\/\//i, '')}
            </a>
          </li>
        )}
        {insta && (
          <li>
            <span>Instagram</span>{' '}
            <a href={insta.url} target="_blank" rel="noopener noreferrer">
              {insta.handle}
            </a>
          </li>
        )}
      </ul>
      {agencyRegistration(agency) && <p class="lp-muted">{agencyRegistration(agency)}</p>}
    </section>
  );
}

function Recommendations({ page }: { page: LandingPage }) {
  if (!page.recommendations.length) return null;
  return (
    <section class="lp-section" aria-labelledby="tips-title">
      <h2 id="tips-title">Dicas da agência</h2>
      <ul class="lp-tips">
        {page.recommendations.map((r) => (
          <li key={r.id}>
            <span class="lp-badge">{RECOMMENDATION_LABELS[r.category]}</span>
            <h3>
              {r.url ? (
                <a href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.title}
                </a>
              ) : (
                r.title
              )}
            </h3>
            {r.description && <p class="lp-description">{r.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProposalBody({ proposal, currency }: { proposal: LandingProposal; currency: string }) {
  return (
    <>
      <Totals proposal={proposal} currency={currency} />
      <Timeline proposal={proposal} currency={currency} />
      <CanceledServices proposal={proposal} currency={currency} />
      <PaymentOptions options={proposal.payment_options} currency={currency} />
    </>
  );
}

type Accepted = NonNullable<LandingPage['accepted']>;

function AcceptedNotice({ page, accepted, justNow }: { page: LandingPage; accepted: Accepted; justNow: boolean }) {
  const proposal = page.proposals.find((p) => p.id === accepted.proposal_id);
  return (
    <section class="lp-section lp-alert lp-alert--ok" role="status" aria-labelledby="accepted-title">
      <h2 id="accepted-title">{justNow ? LANDING_PAGE_MESSAGES.accepted : LANDING_PAGE_MESSAGES.alreadyAccepted}</h2>
      <p>
        {proposal ? `“${proposal.title}”` : 'A proposta'} foi aceita por {accepted.name} em {longDate(accepted.accepted_at)}.
      </p>
    </section>
  );
}

function Ready({ initial }: { initial: LandingPage }) {
  const [page, setPage] = useState(initial);
  const [justAccepted, setJustAccepted] = useState(false);
  const [selected, setSelected] = useState(initial.accepted?.proposal_id ?? initial.proposals[0]?.id ?? 0);
  const proposal = page.proposals.find((p) => p.id === selected) ?? page.proposals[0];

  useEffect(() => {
    document.title = `${page.title} · ${page.agency.name}`;
  }, [page]);

  const canAccept = !page.accepted && page.status === 'sent' && !!proposal;
  return (
    <>
      <AgencyBar agency={page.agency} />
      <main class="lp-main">
        <Hero page={page} />
        {page.accepted && <AcceptedNotice page={page} accepted={page.accepted} justNow={justAccepted} />}
        {!page.accepted && page.status === 'sold' && <p class="lp-section lp-alert">{LANDING_PAGE_MESSAGES.alreadySold}</p>}
        {proposal && (
          <section class="lp-section lp-proposals" aria-labelledby="proposals-title">
            <h2 id="proposals-title">{page.proposals.length > 1 ? `${page.proposals.length} propostas para você` : 'Sua proposta'}</h2>
            {page.proposals.length > 1 && <ProposalTabs proposals={page.proposals} selected={proposal.id} onSelect={setSelected} />}
            {page.proposals.length > 1 ? (
              <div id="proposal-panel" role="tabpanel" aria-labelledby={`proposal-tab-${proposal.id}`}>
                <ProposalBody proposal={proposal} currency={page.currency} />
              </div>
            ) : (
              <div id="proposal-panel">
                <p class="lp-proposal-title">{proposal.title}</p>
                <ProposalBody proposal={proposal} currency={page.currency} />
              </div>
            )}
          </section>
        )}
        {page.observations && (
          <section class="lp-section" aria-labelledby="notes-title">
            <h2 id="notes-title">Observações</h2>
            <p class="lp-description">{page.observations}</p>
          </section>
        )}
        <Recommendations page={page} />
        {canAccept && (
          <AcceptForm
            page={page}
            proposal={proposal}
            onProposal={setSelected}
            onAccepted={(answer, name) => {
              setJustAccepted(true);
              setSelected(answer.proposal_id);
              setPage({
                ...page,
                status: 'accepted',
                accepted: { proposal_id: answer.proposal_id, name, accepted_at: answer.accepted_at },
              });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        )}
        <Contact page={page} />
      </main>
      <footer class="lp-footer">
        <p>
          {page.agency.name}
          {agencyPlace(page.agency) && ` · ${agencyPlace(page.agency)}`}
        </p>
      </footer>
      {canAccept && proposal.totals && (
        <div class="lp-sticky">
          <div>
            <p class="lp-label">{proposal.title}</p>
            <p class="lp-sticky-total">{toCurrency(proposal.totals.sale_cents, page.currency)}</p>
          </div>
          <a class="lp-button lp-button--primary" href={`#${ACCEPT_FORM_ID}`} onClick={focusAcceptForm}>
            Quero esta
          </a>
        </div>
      )}
    </>
  );
}

/** The boxes of landing.html's static skeleton, while a retry's answer comes. */
export function Skeleton() {
  return (
    <div class="lp-skeleton" role="status" aria-busy="true" aria-label="Carregando a proposta">
      <div class="lp-top">
        <span class="lp-logo lp-sk" />
        <span class="lp-sk lp-sk-line" />
      </div>
      <div class="lp-sk lp-sk-cover" />
      <div class="lp-section">
        <span class="lp-sk lp-sk-line" />
        <span class="lp-sk lp-sk-line lp-sk-line--short" />
      </div>
    </div>
  );
}

function Message({ title, text, retry }: { title: string; text: string; retry?: () => void }) {
  return (
    <main class="lp-main lp-message">
      <div class="lp-section">
        <h1>{title}</h1>
        <p>{text}</p>
        {retry && (
          <button type="button" class="lp-button lp-button--primary" onClick={retry}>
            Tentar de novo
          </button>
        )}
      </div>
    </main>
  );
}

export type LandingState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; page: LandingPage };

/** The state a call for the page ends in: a 404 is the invalid-link page, any other failure a retry. */
export function loadLanding(id: string): Promise<LandingState> {
  return fetchLandingPage(id).then(
    (page) => ({ kind: 'ready', page }),
    (error: unknown) =>
      error instanceof LandingError && error.status === 404
        ? { kind: 'invalid' }
        : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
  );
}

/** main.tsx renders once the first call has settled (landing.html's skeleton shows until then). */
export function LandingApp({ id, initial }: { id: string | null; initial: LandingState }) {
  const [state, setState] = useState<LandingState>(initial);
  useEffect(() => {
    if (id && state.kind === 'loading') loadLanding(id).then(setState);
  }, [id, state.kind]);

  switch (state.kind) {
    case 'loading':
      return <Skeleton />;
    case 'invalid':
      return <Message title="Link inválido" text={LANDING_PAGE_MESSAGES.invalidLink} />;
    case 'error':
      return <Message title="Não foi possível abrir a proposta" text={state.message} retry={() => setState({ kind: 'loading' })} />;
    case 'ready':
      return <Ready initial={state.page} />;
  }
}
