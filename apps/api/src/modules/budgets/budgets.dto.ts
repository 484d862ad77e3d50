import {
  type BudgetListItem,
  type BudgetPax,
  type BudgetServiceType,
  type PricedService,
  proposalPassengers,
  proposalTotals,
  type QuoteRates,
  type StoredBudgetTree,
  type StoredService,
  servicePricing,
} from '@app/shared';
import { type DocumentCipher, maskDocumentNumber } from '../../document-numbers';
import type { BudgetTreeRow } from './budget-queries';
import type { BudgetListRow } from './budgets.select';

export function toBudgetListItem(r: BudgetListRow, locations?: string[]): BudgetListItem {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    client: { id: r.clientId, name: r.clientName },
    owner: { id: r.ownerUserId, name: r.ownerName },
    attendance_id: r.attendanceId,
    destination: r.destination,
    start_date: r.startDate,
    end_date: r.endDate,
    currency: r.currency,
    total_cents: r.totalCents,
    proposals_count: r.proposalsCount ?? 0,
    landing_page_id: r.landingPageId,
    created_at: r.createdAt,
    ...(locations ? { locations } : {}),
  };
}

type ServiceRow = BudgetTreeRow['services'][number];

export function toServiceDto(s: ServiceRow): StoredService {
  return {
    id: s.id,
    budget_id: s.budget_id,
    proposal_id: s.proposal_id,
    type: s.type as BudgetServiceType,
    title: s.title,
    description: s.description,
    supplier: s.supplier_id !== null ? { id: s.supplier_id, name: s.supplier_name ?? '' } : null,
    start_date: s.start_date,
    start_time: s.start_time,
    end_date: s.end_date,
    end_time: s.end_time,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
    currency: s.currency,
    adult_cents: s.adult_cents,
    child_cents: s.child_cents,
    infant_cents: s.infant_cents,
    total_cents: s.total_cents,
    taxes_cents: s.taxes_cents,
    taxes_basis: s.taxes_basis,
    fee_cents: s.fee_cents,
    commission_basis_points: s.commission_basis_points,
    quote_rate: Number(s.quote_rate),
    quote_history_id: s.quote_history_id,
    quote_source: s.quote_source,
    details: (s.details ?? {}) as Record<string, unknown>,
    status: s.status,
    position: s.position,
    sale_cents: s.sale_cents,
    cost_cents: s.cost_cents,
    refund:
      s.refund_cents !== null && s.penalty_cents !== null
        ? { refund_cents: s.refund_cents, penalty_cents: s.penalty_cents, reason: s.refund_reason, created_at: s.refund_created_at ?? '' }
        : null,
    version: s.version,
  };
}

/**
 * What budget-totals prices. Each service converts at the rate stored with it (two services in one
 * currency may hold quotes of different days), so its currency is keyed by the service in the
 * rates; one in the budget's currency converts 1:1, as refreshBudgetTotals stores it.
 */
export function pricedService(s: StoredService, budgetCurrency: string, rates: QuoteRates): PricedService {
  const own = s.currency === budgetCurrency || s.currency === 'BRL';
  const key = own ? s.currency : `${s.currency}#${s.id}`;
  if (!own) rates[key] = s.quote_rate;
  const rooms = (s.details as { rooms?: unknown }).rooms;
  return {
    currency: key,
    adult_number: s.adult_number,
    child_number: s.child_number,
    infant_number: s.infant_number,
    pricing: servicePricing({ ...s, details: { rooms: Array.isArray(rooms) ? rooms : [] } }),
    taxes_cents: s.taxes_cents,
    taxes_basis: s.taxes_basis,
    fee_cents: s.fee_cents,
    commission_basis_points: s.commission_basis_points,
    refund: s.refund,
  };
}

/** The document number masked: the screens never get a passenger's full number; without a cipher (the public landing page), none. */
export function toPaxDto(x: BudgetTreeRow['paxes'][number], cipher: DocumentCipher | null): BudgetPax {
  const { document_number_sealed: sealed, ...pax } = x;
  return {
    ...pax,
    age_group: x.age_group,
    document_type: x.document_type,
    document_number: sealed && cipher ? maskDocumentNumber(cipher.open(sealed)) : null,
  };
}

/** The tree as answered: each proposal with its services (in order) and its totals from proposalTotals. */
export function toBudgetTree(r: BudgetTreeRow, cipher: DocumentCipher | null): StoredBudgetTree {
  const paxes = r.paxes.map((x) => toPaxDto(x, cipher));
  const services = r.services.map(toServiceDto);
  const currencyRate = Number(r.currencyRate);
  const proposals: StoredBudgetTree['proposals'] = r.proposals.map((p) => {
    const own = services.filter((s) => s.proposal_id === p.id);
    const rates: QuoteRates = { [r.currency]: currencyRate };
    const priced = own.map((s) => pricedService(s, r.currency, rates));
    return { ...p, services: own, totals: proposalTotals(priced, proposalPassengers(paxes, own), r.currency, rates) };
  });
  return {
    ...toBudgetListItem(r),
    destination_country: r.destinationCountry,
    observations: r.observations,
    show_values: r.showValues,
    currency_rate: currencyRate,
    currency_quote_history_id: r.currencyQuoteHistoryId,
    agent_rates: (r.agentRates ?? {}) as Record<string, number>,
    accepted_proposal_id: r.acceptedProposalId,
    sold_proposal_id: r.soldProposalId ?? null,
    sent_at: r.sentAt,
    accepted_at: r.acceptedAt,
    sold_at: r.soldAt,
    canceled_at: r.canceledAt,
    updated_at: r.updatedAt,
    version: r.version,
    paxes,
    proposals,
    recommendations: r.recommendations,
  };
}
