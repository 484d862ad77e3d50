// What the budgets list reads from its address, kept apart from the screen so the route's guard
// can start its first query with the session's, before the screen's code has loaded
// (lib/gates.ts). Same input, same query key.
import { type BudgetStatus, isBudgetStatus } from '@app/shared/budget-statuses';
import { readCurrency, readIsoDate, readPage } from '../../lib/list-params';
import type { AppData } from '../../lib/trpc';

/** Spec §9: budget pages hold 6, the first is 1. */
export const PER_PAGE = 6;

/** The address's keys of the list's filters; the sent and sold days, seller and currency come from the agency dashboard's figures. */
export const KEYS = {
  search: 'busca',
  status: 'status',
  client: 'cliente',
  owner: 'responsavel',
  from: 'viagem_de',
  to: 'viagem_ate',
  destination: 'destino',
  destinationIs: 'destino-exato',
  sentFrom: 'enviado-de',
  sentTo: 'enviado-ate',
  soldFrom: 'vendido-de',
  soldTo: 'vendido-ate',
  accepted: 'aceitos',
  seller: 'vendedor',
  currency: 'moeda',
} as const;

const recordId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export type BudgetListFilters = {
  search: string;
  destination: string;
  /** One destination exactly, as the dashboard's top destinations name it. */
  destinationIs?: string;
  status?: BudgetStatus;
  clientId?: number;
  ownerId?: number;
  from?: string;
  to?: string;
  sentFrom?: string;
  sentTo?: string;
  soldFrom?: string;
  soldTo?: string;
  /** Accepted by the customer, sold ones included (?aceitos=sim). */
  accepted: boolean;
  sellerId?: number;
  currency?: string;
};

export function readBudgetFilters(params: URLSearchParams): BudgetListFilters {
  const status = params.get(KEYS.status);
  return {
    search: params.get(KEYS.search) ?? '',
    destination: params.get(KEYS.destination) ?? '',
    destinationIs: params.get(KEYS.destinationIs) || undefined,
    status: isBudgetStatus(status) ? status : undefined,
    clientId: recordId(params.get(KEYS.client)),
    ownerId: recordId(params.get(KEYS.owner)),
    from: readIsoDate(params, KEYS.from),
    to: readIsoDate(params, KEYS.to),
    sentFrom: readIsoDate(params, KEYS.sentFrom),
    sentTo: readIsoDate(params, KEYS.sentTo),
    soldFrom: readIsoDate(params, KEYS.soldFrom),
    soldTo: readIsoDate(params, KEYS.soldTo),
    accepted: params.get(KEYS.accepted) === 'sim',
    sellerId: recordId(params.get(KEYS.seller)),
    currency: readCurrency(params, KEYS.currency),
  };
}

/** The list call's input: the filters and one page of 6. */
export const budgetListInput = (f: BudgetListFilters, page: number) => ({
  search: f.search || undefined,
  status: f.status,
  client_id: f.clientId,
  owner_user_id: f.ownerId,
  start_date_from: f.from,
  start_date_to: f.to,
  destination: f.destination || undefined,
  destination_is: f.destinationIs,
  sent_from: f.sentFrom,
  sent_to: f.sentTo,
  sold_from: f.soldFrom,
  sold_to: f.soldTo,
  accepted: f.accepted ? ('true' as const) : undefined,
  seller_user_id: f.sellerId,
  currency: f.currency,
  page,
  per_page: PER_PAGE,
});

/** The screen's first query: the page of the list. */
export function prefetchBudgets({ queryClient, trpc }: AppData, target: URL): void {
  const params = target.searchParams;
  void queryClient.prefetchQuery(trpc.budgets.list.queryOptions(budgetListInput(readBudgetFilters(params), readPage(params))));
}
