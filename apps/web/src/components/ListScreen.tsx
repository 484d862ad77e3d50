// The pieces of a list screen: the page and its card, the filter row (search and selects kept in
// the address by use-list-params), what stands in for the rows while there are none to show, and
// the rows' table.
import { SEARCH_MAX_LENGTH } from '@app/shared/constants';
import { Anchor, Button, Card, EmptyState, Group, Select, type SelectProps, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from './PageHeader';
import { LoadFailed, LoadingRows } from './ScreenStates';

type Update = (changes: Record<string, string | undefined>) => void;

/** A list screen: the page header with its `actions`, what comes `before` the list, and the list's card. */
export function ListPage({ actions, before, children }: { actions?: ReactNode; before?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <PageHeader actions={actions} />
      {before}
      <Card withBorder radius="lg" padding="md">
        {children}
      </Card>
    </Stack>
  );
}

/** The header's 'Novo …' button: it opens `to`, or runs `onClick` (a form in a modal). */
export function NewButton({ to, onClick, children }: { to?: string; onClick?: () => void; children: ReactNode }) {
  const icon = <IconPlus size={18} aria-hidden />;
  return to ? (
    <Button component={Link} to={to} leftSection={icon}>
      {children}
    </Button>
  ) : (
    <Button leftSection={icon} onClick={onClick}>
      {children}
    </Button>
  );
}

type Search = { text: string; setText: (text: string) => void };

/** The filter row: 'Buscar' (bound to useSearchParam) first, then the list's own filters (`children`). */
export function ListFilterBar({ search, placeholder, children }: { search: Search; placeholder: string; children: ReactNode }) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
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
      {children}
    </Group>
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
 * failed refetch keeps the rows it had), or the empty state. `noun` names the rows, singular and
 * plural as ListPagination takes it (['cliente', 'clientes']), and words those states (`feminine`:
 * 'Nenhuma companhia aérea encontrada').
 */
export function ListContent({
  query,
  noun: [one, many],
  feminine = false,
  isEmpty,
  icon,
  loadingRows,
  empty,
  children,
}: {
  query: ListQuery;
  noun: [string, string];
  feminine?: boolean;
  isEmpty: boolean;
  /** Shown by the failure and the empty state. */
  icon: ReactNode;
  loadingRows?: number;
  empty: Omit<EmptyProps, 'icon' | 'title'>;
  children: ReactNode;
}) {
  if (query.isPending) return <LoadingRows label={`Carregando ${many}`} count={loadingRows} />;
  if (query.isError && !query.data) {
    return (
      <LoadFailed icon={icon} title={`Não foi possível carregar ${feminine ? 'as' : 'os'} ${many}`} onRetry={() => void query.refetch()} />
    );
  }
  if (isEmpty) return <ListEmptyState icon={icon} title={feminine ? `Nenhuma ${one} encontrada` : `Nenhum ${one} encontrado`} {...empty} />;
  return children;
}

/** The rows' table: it scrolls sideways below `minWidth` and dims while the next page loads. */
export function ListTable({
  query,
  minWidth,
  head,
  children,
}: {
  query: { isFetching: boolean; isPlaceholderData: boolean };
  minWidth: number;
  /** The header cells. */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A row that opens `to` when clicked anywhere. Its first cell holds the link itself (`title`, and
 * `subtitle` under it) for keyboards and screen readers; `children` are the other cells.
 */
export function ListRow({
  to,
  testId,
  title,
  subtitle,
  children,
}: {
  to: string;
  testId: string;
  title: ReactNode;
  subtitle?: string | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Table.Tr className="clickable-row" onClick={() => void navigate(to)} data-testid={testId}>
      <Table.Td>
        <Anchor component={Link} to={to} fw={500} onClick={(e) => e.stopPropagation()}>
          {title}
        </Anchor>
        {subtitle && (
          <Text fz="xs" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Table.Td>
      {children}
    </Table.Tr>
  );
}
