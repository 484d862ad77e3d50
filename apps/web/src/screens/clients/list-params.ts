// What the clients list reads from its address, kept apart from the screen so the route's guard
// can start its first query with the session's, before the screen's code has loaded
// (lib/gates.ts). Same input, same query key.
import type { ClientKind } from '@app/shared/clients';
import { readPage } from '../../lib/list-params';
import type { AppData } from '../../lib/trpc';

const PER_PAGE = 10;

const STATUS_PARAM = { ativos: 'true', inativos: 'false' } as const;
type StatusParam = keyof typeof STATUS_PARAM;
const isStatusParam = (v: string | null): v is StatusParam => v === 'ativos' || v === 'inativos';
const isKind = (v: string | null): v is ClientKind => v === 'person' || v === 'organization';

export type ClientListFilters = { search: string; status?: StatusParam; kind?: ClientKind };

/** Search ('busca'), status ('status': ativos, inativos) and kind ('tipo'). */
export function readClientFilters(params: URLSearchParams): ClientListFilters {
  const status = params.get('status');
  const kind = params.get('tipo');
  return { search: params.get('busca') ?? '', status: isStatusParam(status) ? status : undefined, kind: isKind(kind) ? kind : undefined };
}

/** The list call's input: the filters and one page of 10. */
export const clientListInput = ({ search, status, kind }: ClientListFilters, page: number) => ({
  search: search || undefined,
  is_active: status ? STATUS_PARAM[status] : undefined,
  kind,
  page,
  per_page: PER_PAGE,
});

/** The screen's first query: the page of the list (also under a client's edit form, /clientes/{id}). */
export function prefetchClients({ queryClient, trpc }: AppData, target: URL): void {
  const params = target.searchParams;
  void queryClient.prefetchQuery(trpc.clients.list.queryOptions(clientListInput(readClientFilters(params), readPage(params))));
}
