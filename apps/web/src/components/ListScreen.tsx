// The pieces of a list screen around its rows: the filter row (search and selects kept in the
// address by use-list-params) and what stands in for the rows while there are none to show.
import { SEARCH_MAX_LENGTH } from '@app/shared/constants';
import { Button, EmptyState, Group, Select, type SelectProps, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailed, LoadingRows } from './ScreenStates';

type Update = (changes: Record<string, string | undefined>) => void;

export function ListFilterBar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}

/** 'Buscar', bound to useSearchParam. */
export function ListSearchInput({
  search,
  placeholder,
}: {
  search: { text: string; setText: (text: string) => void };
  placeholder: string;
}) {
  return (
    <TextInput
      label="Buscar"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.text}
      onChange={(e) => search.setText(e.currentTarget.value)}
      maxLength={SEARCH_MAX_LENGTH}
      type="search"
      style={{ flex: '1 1 260px' }}
    />
  );
}

type FilterSelectProps = Omit<SelectProps, 'value' | 'onChange'> & {
  /** The query key it sets. */
  param: string;
  value: string | undefined;
  update: Update;
};

/** A filter of one query value, 'Todos' when cleared; a change goes back to the first page. */
export function ListFilterSelect({ param, value, update, ...props }: FilterSelectProps) {
  return (
    <Select
      placeholder="Todos"
      clearable
      value={value ?? null}
      onChange={(next) => update({ [param]: next ?? undefined, page: undefined })}
      {...props}
    />
  );
}

/** A list without rows: with filters on they may be hiding them ('Limpar filtros'), else `hint` says how to add one. */
type EmptyProps = {
  icon: ReactNode;
  title: string;
  filtered?: boolean;
  hint: string;
  onClear?: () => void;
  /** Other actions (open a new one). */
  children?: ReactNode;
};

export function ListEmptyState({ icon, title, filtered, hint, onClear, children }: EmptyProps) {
  const clear = filtered && onClear;
  return (
    <EmptyState icon={icon} title={title} description={filtered ? 'Tente outra busca ou limpe os filtros.' : hint} py="xl">
      {(clear || children) && (
        <EmptyState.Actions>
          {clear && (
            <Button variant="light" onClick={onClear}>
              Limpar filtros
            </Button>
          )}
          {children}
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

type ListQuery = { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown };

/**
 * The rows (`children`), or skeletons while the first page loads, a retry when it failed (a
 * failed refetch keeps the rows it had), or the empty state.
 */
export function ListContent({
  query,
  isEmpty,
  icon,
  loadingLabel,
  loadingRows,
  failedTitle,
  empty,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  /** Shown by the failure and the empty state. */
  icon: ReactNode;
  loadingLabel: string;
  loadingRows?: number;
  failedTitle: string;
  empty: Omit<EmptyProps, 'icon'>;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingRows label={loadingLabel} count={loadingRows} />;
  if (query.isError && !query.data) return <LoadFailed icon={icon} title={failedTitle} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <ListEmptyState icon={icon} {...empty} />;
  return children;
}
