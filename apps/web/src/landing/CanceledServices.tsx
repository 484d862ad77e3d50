/** @jsxImportSource preact */
// A proposal's canceled services, after its timeline: what the customer still pays for each is part
// of the total above, so the lines the page shows add up to it.
import { shortDate, toCurrency } from '@app/shared/format';
import type { LandingProposal } from '@app/shared/landing-pages';
import { canceledServiceTexts } from '@app/shared/landing-rules';

export function CanceledServices({ proposal, currency }: { proposal: LandingProposal; currency: string }) {
  if (!proposal.canceled_services.length) return null;
  return (
    <section class="lp-canceled" aria-labelledby={`canceled-title-${proposal.id}`}>
      <h3 id={`canceled-title-${proposal.id}`} class="lp-day-title">
        Serviços cancelados
      </h3>
      {proposal.canceled_services.map((s) => {
        const texts = canceledServiceTexts(s, (cents) => toCurrency(cents, currency));
        const dates = [shortDate(s.start_date), s.end_date && s.end_date !== s.start_date ? shortDate(s.end_date) : '']
          .filter(Boolean)
          .join(' a ');
        return (
          <article
            key={s.id}
            class="lp-service lp-service--canceled"
            data-testid="canceled-service"
            aria-label={`${s.type_label}: ${s.title}`}
          >
            <header class="lp-service-head">
              <span class="lp-badge">{s.type_label}</span>
              {dates && <span class="lp-muted">{dates}</span>}
            </header>
            <h4>{s.title}</h4>
            <p class="lp-canceled-status">{texts.status}</p>
            {texts.original && texts.returned && (
              <p class="lp-muted">
                Valor original <s>{texts.original}</s> · reembolso de {texts.returned}
              </p>
            )}
          </article>
        );
      })}
    </section>
  );
}
