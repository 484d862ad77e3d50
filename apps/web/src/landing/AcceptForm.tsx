/** @jsxImportSource preact */
// The customer picks a proposal (and how to pay, when the values are shown) and signs with name and
// e-mail: PUT /api/budgets/accept/{id}. The API's pt-BR messages are shown as they come.
import { toCurrency } from '@app/shared/format';
import type { LandingPage, LandingProposal } from '@app/shared/landing-pages';
import { MARKETING_CONSENT_LABEL } from '@app/shared/marketing-consent-labels';
import { useState } from 'preact/hooks';
import { type AcceptAnswer, acceptBudget, LandingError } from './api';

type Props = {
  page: LandingPage;
  proposal: LandingProposal;
  onProposal: (id: number) => void;
  onAccepted: (answer: AcceptAnswer, name: string) => void;
};

export const ACCEPT_FORM_ID = 'aceitar';

/**
 * 'Quero esta': the form comes to the top of the screen with its first empty field focused, ready
 * for typing, or its button when a known customer finds it filled (a link to its anchor would only
 * scroll, leaving the focus behind on the link).
 */
export function focusAcceptForm(event: Event) {
  const form = document.getElementById(ACCEPT_FORM_ID);
  if (!form) return;
  event.preventDefault();
  const field =
    [...form.querySelectorAll('input')].find((input) => !input.value) ?? form.querySelector<HTMLElement>('button[type="submit"]');
  form.scrollIntoView({ block: 'start' });
  field?.focus({ preventScroll: true });
}

/**
 * A customer who already accepted a budget in this browser is known: their name and e-mail are kept
 * on this device only (never sent by the page, which shows first names alone) and fill the form.
 */
const KNOWN_CUSTOMER_KEY = 'lp-known-customer';
function knownCustomer(): { name: string; email: string } {
  try {
    const known = JSON.parse(localStorage.getItem(KNOWN_CUSTOMER_KEY) ?? 'null') as { name?: unknown; email?: unknown } | null;
    return { name: typeof known?.name === 'string' ? known.name : '', email: typeof known?.email === 'string' ? known.email : '' };
  } catch {
    return { name: '', email: '' };
  }
}
function rememberCustomer(name: string, email: string) {
  try {
    localStorage.setItem(KNOWN_CUSTOMER_KEY, JSON.stringify({ name, email }));
  } catch {
    // Storage refused (private mode, quota): the form is only not prefilled next time.
  }
}

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  return messages?.length ? (
    <p class="lp-field-error" id={id}>
      {messages[0]}
    </p>
  ) : null;
}

export function AcceptForm({ page, proposal, onProposal, onAccepted }: Props) {
  const [name, setName] = useState(() => knownCustomer().name);
  const [email, setEmail] = useState(() => knownCustomer().email);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [installments, setInstallments] = useState<number | null>(null);
  /** Optional and unticked: the customer's own consent to the agency's marketing e-mails (LGPD). */
  const [consent, setConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<LandingError | null>(null);

  // A method of another proposal (after switching) is dropped: each proposal has its own options.
  const method = proposal.payment_options.find((o) => o.payment_method_id === methodId) ?? null;
  const counts = method && !method.pix ? method.installments : [];
  const count = counts.some((i) => i.count === installments) ? installments : null;

  async function submit(event: Event) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const answer = await acceptBudget({
        id: page.landing_page_id,
        proposal_id: proposal.id,
        name: name.trim(),
        email: email.trim(),
        ...(method ? { payment_method_id: method.payment_method_id, installments: count ?? 1 } : {}),
        ...(consent ? { marketing_consent: true } : {}),
      });
      rememberCustomer(name.trim(), email.trim());
      onAccepted(answer, name.trim());
    } catch (e) {
      setError(e instanceof LandingError ? e : new LandingError(0, String(e)));
      setSending(false);
    }
  }

  const fields = error?.fields ?? {};
  return (
    <form class="lp-section lp-accept" id={ACCEPT_FORM_ID} aria-labelledby="accept-title" onSubmit={submit}>
      <h2 id="accept-title">Gostou? Aceite sua proposta</h2>
      <p class="lp-muted">A agência recebe seu aceite na hora e entra em contato para concluir a reserva.</p>

      {page.proposals.length > 1 && (
        <label class="lp-field">
          <span>Proposta escolhida</span>
          <select value={proposal.id} onChange={(e) => onProposal(Number(e.currentTarget.value))}>
            {page.proposals.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.totals ? ` · ${toCurrency(p.totals.sale_cents, page.currency)}` : ''}
              </option>
            ))}
          </select>
        </label>
      )}

      <label class="lp-field">
        <span>Nome completo</span>
        <input
          name="name"
          autocomplete="name"
          required
          minLength={3}
          maxLength={120}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
          aria-invalid={!!fields.name}
          aria-describedby={fields.name ? 'accept-name-error' : undefined}
        />
        <FieldError id="accept-name-error" messages={fields.name} />
      </label>
      <label class="lp-field">
        <span>E-mail</span>
        <input
          name="email"
          type="email"
          autocomplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          aria-invalid={!!fields.email}
          aria-describedby={fields.email ? 'accept-email-error' : undefined}
        />
        <FieldError id="accept-email-error" messages={fields.email} />
      </label>

      {page.show_values && proposal.payment_options.length > 0 && (
        <label class="lp-field">
          <span>Forma de pagamento</span>
          <select
            value={method?.payment_method_id ?? ''}
            onChange={(e) => {
              setMethodId(e.currentTarget.value ? Number(e.currentTarget.value) : null);
              setInstallments(null);
            }}
          >
            <option value="">Combinar com a agência</option>
            {proposal.payment_options.map((o) => (
              <option key={o.payment_method_id} value={o.payment_method_id}>
                {o.name}
              </option>
            ))}
          </select>
          <FieldError id="accept-method-error" messages={fields.payment_method_id} />
        </label>
      )}
      {counts.length > 1 && (
        <label class="lp-field">
          <span>Parcelas</span>
          <select value={count ?? 1} onChange={(e) => setInstallments(Number(e.currentTarget.value))}>
            {counts.map((i) => (
              <option key={i.count} value={i.count}>
                {i.label}
              </option>
            ))}
          </select>
          <FieldError id="accept-installments-error" messages={fields.installments} />
        </label>
      )}

      <label class="lp-check">
        <input type="checkbox" name="marketing_consent" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} />
        <span>{MARKETING_CONSENT_LABEL}</span>
      </label>

      {error && (
        <p class="lp-alert lp-alert--error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" class="lp-button lp-button--primary lp-button--block" disabled={sending}>
        {sending ? 'Enviando…' : `Aceitar “${proposal.title}”`}
      </button>
    </form>
  );
}
