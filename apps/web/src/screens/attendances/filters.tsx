import type { AttendanceFilters } from '@app/shared/attendances';
import { Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateField } from '../../components/DateField';
import { ListFilterBar, ListFilterSelect } from '../../components/ListScreen';
import { useSearchParam } from '../../lib/use-list-params';
import { useOwnerOptions } from './use-owner-options';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (v: string | null) => (v && ISO_DATE.test(v) ? v : undefined);

/** Query keys of the attendance filters (shared by the list, the funnel and the big numbers). */
export const FILTER_KEYS = { search: 'busca', owner: 'responsavel', from: 'viagem_de', to: 'viagem_ate' } as const;

export function readAttendanceFilters(params: URLSearchParams): AttendanceFilters {
  const owner = Number(params.get(FILTER_KEYS.owner));
  return {
    search: params.get(FILTER_KEYS.search) || undefined,
    owner_user_id: Number.isInteger(owner) && owner > 0 ? owner : undefined,
    start_date_from: isoDate(params.get(FILTER_KEYS.from)),
    start_date_to: isoDate(params.get(FILTER_KEYS.to)),
  };
}

export const hasFilters = (f: AttendanceFilters) => !!(f.search || f.owner_user_id || f.start_date_from || f.start_date_to);

type Update = (changes: Record<string, string | undefined>) => void;

/** Search, responsible user and travel date range; `children` adds screen-specific filters. */
export function AttendanceFiltersBar({ filters, update, children }: { filters: AttendanceFilters; update: Update; children?: ReactNode }) {
  const search = useSearchParam(FILTER_KEYS.search, update);
  const owners = useOwnerOptions();
  return (
    <ListFilterBar search={search} placeholder="Título, destino ou cliente">
      <ListFilterSelect
        label="Responsável"
        param={FILTER_KEYS.owner}
        value={filters.owner_user_id ? String(filters.owner_user_id) : undefined}
        update={update}
        searchable
        data={owners.options}
        w={{ base: '100%', xs: 200 }}
      />
      <DateField
        label="Viagem a partir de"
        value={filters.start_date_from ?? null}
        maxDate={filters.start_date_to}
        onChange={(date) => update({ [FILTER_KEYS.from]: date ?? undefined, page: undefined })}
        w={{ base: '100%', xs: 170 }}
      />
      <DateField
        label="Viagem até"
        value={filters.start_date_to ?? null}
        minDate={filters.start_date_from}
        onChange={(date) => update({ [FILTER_KEYS.to]: date ?? undefined, page: undefined })}
        w={{ base: '100%', xs: 170 }}
      />
      {children}
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={() => search.clearFilters([FILTER_KEYS.owner, FILTER_KEYS.from, FILTER_KEYS.to, 'status'])}
      >
        Limpar filtros
      </Button>
    </ListFilterBar>
  );
}
