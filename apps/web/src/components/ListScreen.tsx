// The pieces of a list screen: the page and its card, the filter row (search and selects kept in
// the address by use-list-params; on a phone the selects fold behind 'Filtros'), what stands in for
// the rows while there are none to show, and the rows (a table, or cards on a phone).
import { SEARCH_MAX_LENGTH } from '@app/shared/constants';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  EmptyState,
  Group,
  Select,
  type SelectProps,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus, IconSearch } from '@tabler/icons-react';
import { Fragment, type MouseEvent, type ReactNode, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePhone } from '../lib/use-phone';
import classes from './ListScreen.module.css';
import { PageHeader } from './PageHeader';
import { LoadFailed, LoadingRows } from './ScreenStates';

type Update = (changes: Record<string, string | undefined>) => void;

/** A list screen: the page header with its `actions`, what comes `before` the list, and the list's card. */
export function ListPage({ actions, before, children }: { actions?: ReactNode; before?: ReactNode; children: ReactNode }) {
  // A phone's narrow card leaves its row cards room.
  const phone = usePhone();
  return (
    <Stack gap={0}>
      <PageHeader actions={actions} />
      {before}
      <Card withBorder radius="lg" padding={phone ? 'xs' : 'md'}>
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

/**
 * The filter row: 'Buscar' (bound to useSearchParam) first, then the list's own filters (`children`).
 * On a phone those filters fold behind a 'Filtros' button that tells how many of them are `active`.
 */
export function ListFilterBar({
  search,
  placeholder,
  active = 0,
  children,
}: {
  search: Search;
  placeholder: string;
  /** How many of the list's own filters are set (the search not counted). */
  active?: number;
  children?: ReactNode;
}) {
  const phone = usePhone();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const searchInput = (
    <TextInput
      label="Buscar"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.text}
      onChange={(e) => search.setText(e.currentTarget.value)}
      maxLength={SEARCH_MAX_LENGTH}
      type="search"
      style={{ flex: '1 1 260px' }}
      miw={0}
    />
  );
  if (!phone || !children) {
    return (
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        {searchInput}
        {children}
      </Group>
    );
  }
  return (
    <Stack gap="sm" mb="md">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        {searchInput}
        <Button
          flex="none"
          variant={active ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            active > 0 && (
              <Badge size="sm" circle data-testid="active-filters">
                {active}
              </Badge>
            )
          }
          aria-label={active > 0 ? `Filtros, ${active} ${active === 1 ? 'ativo' : 'ativos'}` : undefined}
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={toggle}
        >
          Filtros
        </Button>
      </Group>
      <Collapse expanded={opened} id={panelId}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {children}
        </Group>
      </Collapse>
    </Stack>
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

/** A column of a list: its header (on a phone, the label of its value) and its cell. */
export type ListColumn<T> = {
  label: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned on a desktop (money, counts). */
  align?: 'right';
  /** Kept on one line on a desktop (dates, documents, money). */
  nowrap?: boolean;
  w?: number;
  maw?: number;
  /** The test id of the cell. */
  testId?: string;
  /** The row's buttons: the header only for screen readers; on a phone they sit beside the title. */
  actions?: boolean;
};

/** The first column: what the row is (a phone card's title) and what opens it. */
export type ListPrimary<T> = {
  label: string;
  title: (row: T) => ReactNode;
  /** A line under the title. */
  subtitle?: (row: T) => ReactNode;
  /** Beside the title ('Sistema', 'Padrão'). */
  badge?: (row: T) => ReactNode;
  /** The address the row opens when clicked anywhere; the title is its link. */
  to?: (row: T) => string;
  /** Or what the row does when clicked anywhere; the title is its button, named `openLabel` (else by the title). */
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
};

type ListTableProps<T> = {
  query: { isFetching: boolean; isPlaceholderData: boolean };
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowTestId?: string;
  primary: ListPrimary<T>;
  /** The other columns; a falsy one (`cond && {…}`) is left out. */
  columns: readonly (ListColumn<T> | false | null | undefined)[];
  /** The desktop table scrolls sideways below this width. */
  minWidth: number;
  /** The accessible name of the table (or of the cards). */
  label?: string;
};

const stop = (e: MouseEvent) => e.stopPropagation();

/** The first cell: the title as the row's link or button, its badge, and the line under it. */
function RowTitle<T>({ primary, row }: { primary: ListPrimary<T>; row: T }) {
  const title = primary.title(row);
  const { to, onOpen } = primary;
  const main = to ? (
    <Anchor component={Link} to={to(row)} fw={500} onClick={stop}>
      {title}
    </Anchor>
  ) : onOpen ? (
    <Anchor
      component="button"
      type="button"
      fw={500}
      ta="left"
      aria-label={primary.openLabel?.(row)}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(row);
      }}
    >
      {title}
    </Anchor>
  ) : (
    <Text fz="sm" fw={500}>
      {title}
    </Text>
  );
  const badge = primary.badge?.(row);
  const subtitle = primary.subtitle?.(row);
  return (
    <>
      {badge ? (
        <Group gap={6}>
          {main}
          {badge}
        </Group>
      ) : (
        main
      )}
      {subtitle && (
        <Text fz="xs" c="dimmed">
          {subtitle}
        </Text>
      )}
    </>
  );
}

/** A phone card's 'label: value' pairs; a column with nothing to show for the row is left out. */
function CardFields<T>({ row, columns }: { row: T; columns: ListColumn<T>[] }) {
  const pairs = columns
    .map((c) => ({ column: c, value: c.cell(row) }))
    .filter(({ value }) => value != null && value !== false && value !== '');
  if (!pairs.length) return null;
  return (
    <dl className={classes.fields}>
      {pairs.map(({ column, value }) => (
        <Fragment key={column.label}>
          <dt>{column.label}</dt>
          <dd data-testid={column.testId}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * A list's rows from its columns, declared once: on a desktop a table (it scrolls sideways below
 * `minWidth`); on a phone a card per row, the first column its title and the others 'label: value'
 * pairs. A row with `to` or `onOpen` opens when clicked anywhere; both dim while the next page loads.
 */
export function ListTable<T>({ query, rows, rowKey, rowTestId, primary, columns, minWidth, label }: ListTableProps<T>) {
  const navigate = useNavigate();
  const phone = usePhone();
  const shown = columns.filter((c): c is ListColumn<T> => !!c);
  const { to, onOpen } = primary;
  const open = to ? (row: T) => void navigate(to(row)) : onOpen;
  const dim = { opacity: query.isPlaceholderData ? 0.6 : 1 };

  if (phone) {
    const actions = shown.filter((c) => c.actions);
    const fields = shown.filter((c) => !c.actions);
    return (
      <ul className={classes.cards} aria-label={label} aria-busy={query.isFetching} style={dim}>
        {rows.map((row) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the title's link or button is the keyboard's way in; the card is the pointer's wider target.
          <li
            key={rowKey(row)}
            className={classes.card}
            data-clickable={!!open}
            onClick={open && (() => open(row))}
            data-testid={rowTestId}
          >
            <div className={classes.head}>
              <div className={classes.title}>
                <RowTitle primary={primary} row={row} />
              </div>
              {actions.map((c) => (
                <Fragment key={c.label}>{c.cell(row)}</Fragment>
              ))}
            </div>
            <CardFields row={row} columns={fields} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={query.isFetching} style={dim}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{primary.label}</Table.Th>
            {shown.map((c) => (
              <Table.Th key={c.label} ta={c.align} w={c.w}>
                {c.actions ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              className={open ? 'clickable-row' : undefined}
              onClick={open && (() => open(row))}
              data-testid={rowTestId}
            >
              <Table.Td>
                <RowTitle primary={primary} row={row} />
              </Table.Td>
              {shown.map((c) => (
                <Table.Td
                  key={c.label}
                  ta={c.align}
                  maw={c.maw}
                  style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  data-testid={c.testId}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
