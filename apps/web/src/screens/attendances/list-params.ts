// What the attendances screen reads from its address (filters, status, view, page), kept apart
// from its components so the route's guard can start the screen's first queries with the
// session's, before the screen's code has loaded (lib/gates.ts). Same inputs, same query keys.

import { ATTENDANCE_LIST_STATUSES, type AttendanceListStatus } from '@app/shared/attendance-statuses';
import type { AttendanceFilters } from '@app/shared/attendances';
import { DEFAULT_PAGE_SIZE } from '@app/shared/constants';
import { readIsoDate, readPage } from '../../lib/list-params';
import type { AppData } from '../../lib/trpc';

/**
 * Query keys of the attendance filters (shared by the list, the funnel and the big numbers). The
 * opened and closed days come from the agency dashboard's figures.
 */
export const FILTER_KEYS = {
  search: 'busca',
  owner: 'responsavel',
  from: 'viagem_de',
  to: 'viagem_ate',
  openedFrom: 'aberto-de',
  openedTo: 'aberto-ate',
  closedFrom: 'fechado-de',
  closedTo: 'fechado-ate',
} as const;

export function readAttendanceFilters(params: URLSearchParams): AttendanceFilters {
  const owner = Number(params.get(FILTER_KEYS.owner));
  return {
    search: params.get(FILTER_KEYS.search) || undefined,
    owner_user_id: Number.isInteger(owner) && owner > 0 ? owner : undefined,
    start_date_from: readIsoDate(params, FILTER_KEYS.from),
    start_date_to: readIsoDate(params, FILTER_KEYS.to),
    created_from: readIsoDate(params, FILTER_KEYS.openedFrom),
    created_to: readIsoDate(params, FILTER_KEYS.openedTo),
    closed_from: readIsoDate(params, FILTER_KEYS.closedFrom),
    closed_to: readIsoDate(params, FILTER_KEYS.closedTo),
  };
}

const isListStatus = (v: string | null): v is AttendanceListStatus => !!v && (ATTENDANCE_LIST_STATUSES as readonly string[]).includes(v);

/** The list's status filter ('status'), one of the list's statuses. */
export function readListStatus(params: URLSearchParams): AttendanceListStatus | undefined {
  const status = params.get('status');
  return isListStatus(status) ? status : undefined;
}

export type AttendancesView = 'lista' | 'funil';
export const readView = (params: URLSearchParams): AttendancesView => (params.get('visao') === 'funil' ? 'funil' : 'lista');

/** The list call's input: the filters and one page of DEFAULT_PAGE_SIZE. */
export const attendanceListInput = (filters: AttendanceFilters & { client_id?: number; status?: AttendanceListStatus }, page: number) => ({
  ...filters,
  page,
  per_page: DEFAULT_PAGE_SIZE,
});

/** The screen's first queries: the big numbers and, in the list view, the page of the list. */
export function prefetchAttendances({ queryClient, trpc }: AppData, target: URL): void {
  const params = target.searchParams;
  const filters = readAttendanceFilters(params);
  void queryClient.prefetchQuery(trpc.attendances.bigNumbers.queryOptions(filters));
  if (readView(params) === 'lista') {
    const input = attendanceListInput({ ...filters, status: readListStatus(params) }, readPage(params));
    void queryClient.prefetchQuery(trpc.attendances.list.queryOptions(input));
  }
}
