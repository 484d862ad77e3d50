import type { AttendanceFilters } from '@app/shared/attendances';
import { Button } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateField } from '../../components/DateField';
import { dayRangeChip, FilterChips } from '../../components/FilterChips';
import { ListFilterBar, ListFilterSelect } from '../../components/ListScreen';
import { useSearchParam } from '../../lib/use-list-params';
import { FILTER_KEYS } from './list-params';
import { useOwnerOptions } from './use-owner-options';

/** The opened and closed days: set by the dashboard's links, shown as chips (no field of their own). */
const dayFilters = (f: AttendanceFilters) => [f.created_from || f.created_to, f.closed_from || f.closed_to].filter(Boolean).length;

export const hasFilters = (f: AttendanceFilters) =>
  !!(f.search || f.owner_user_id || f.start_date_from || f.start_date_to || dayFilters(f));

type Update = (changes: Record<string, string | undefined>) => void;

/**
 * Search, responsible user and travel date range, and the opened and closed days as chips;
 * `children` adds screen-specific filters, `childrenActive` of them set.
 */
export function AttendanceFiltersBar({
  filters,
  update,
  childrenActive = 0,
  children,
}: {
  filters: AttendanceFilters;
  update: Update;
  childrenActive?: number;
  children?: ReactNode;
}) {
  const search = useSearchParam(FILTER_KEYS.search, update);
  const owners = useOwnerOptions();
  const active =
    [filters.owner_user_id, filters.start_date_from, filters.start_date_to].filter(Boolean).length + dayFilters(filters) + childrenActive;
  const chips = [
    ...dayRangeChip(
      'Abertos',
      { from: filters.created_from, to: filters.created_to },
      [FILTER_KEYS.openedFrom, FILTER_KEYS.openedTo],
      update,
    ),
    ...dayRangeChip(
      'Fechados',
      { from: filters.closed_from, to: filters.closed_to },
      [FILTER_KEYS.closedFrom, FILTER_KEYS.closedTo],
      update,
    ),
  ];
  return (
    <>
      <ListFilterBar search={search} placeholder="Título, destino ou cliente" active={active}>
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
          onClick={() => search.clearFilters([...Object.values(FILTER_KEYS).filter((k) => k !== FILTER_KEYS.search), 'status'])}
        >
          Limpar filtros
        </Button>
      </ListFilterBar>
      <FilterChips chips={chips} />
    </>
  );
}
