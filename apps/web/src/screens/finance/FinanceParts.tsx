// What the two finance lists share: who may open them, the filters in the address (situation,
// search, due period; currency and seller from the dashboard's figures, as chips), the totals on top, the export buttons (CSV, XLSX: the list's filters, every
// matching row), the empty state and the pages around the table.
import type { Pagination } from '@app/shared/pagination';
import { Alert, Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateField } from '../../components/DateField';
import { ExportButtons } from '../../components/ExportButtons';
import { dayRangeChip, type FilterChip, FilterChips } from '../../components/FilterChips';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { readCurrency, readIsoDate, readRecordId } from '../../lib/list-params';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { useCurrentUser, useSeesCosts } from '../../lib/use-session';
import { useOwnerOptions } from '../attendances/use-owner-options';

type Update = (changes: Record<string, string | undefined>) => void;

/** Owners and administrators; payables also need "quem vê custos e margens" (the API refuses the rest). */
export function useFinanceAccess(costs: boolean): { allowed: boolean; known: boolean } {
  const user = useCurrentUser();
  const seesCosts = useSeesCosts();
  const manager = user?.role === 'owner' || user?.role === 'administrador';
  return { known: !!user, allowed: manager && (!costs || seesCosts) };
}

export function NotAllowed({ costs }: { costs: boolean }) {
  return (
    <Alert icon={<IconLock size={18} aria-hidden />} title="Sem acesso" color="gray" role="status">
      {costs
        ? 'Contas a pagar são custos: só o dono e os administradores que a agência deixa ver custos e margens as veem.'
        : 'Só o dono e os administradores da agência veem o financeiro.'}
    </Alert>
  );
}

/** Due dates from/to, kept in the address (de, ate). */
export function PeriodFilter({ from, to, update }: { from: string | undefined; to: string | undefined; update: Update }) {
  return (
    <>
      <DateField
        label="Vencimento de"
        value={from ?? null}
        onChange={(v) => update({ de: v ?? undefined, page: undefined })}
        w={{ base: '100%', xs: 150 }}
        clearable
      />
      <DateField
        label="até"
        value={to ?? null}
        onChange={(v) => update({ ate: v ?? undefined, page: undefined })}
        w={{ base: '100%', xs: 150 }}
        clearable
      />
    </>
  );
}

export type TotalLine = { currency: string; open_cents: number; overdue_cents: number; done_cents: number };

/** The totals on top, one line per currency (a sale in dollars owes dollars). */
export function Totals({ lines, doneLabel }: { lines: TotalLine[] | undefined; doneLabel: string }) {
  const shown = lines?.length ? lines : [{ currency: 'BRL', open_cents: 0, overdue_cents: 0, done_cents: 0 }];
  const card = (label: string, color: string | undefined, cell: (l: TotalLine) => number) => (
    <Card withBorder radius="md" padding="sm" aria-label={label} role="group">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Stack gap={0}>
        {shown.map((l) => (
          <Text key={l.currency} fw={700} fz="lg" c={color}>
            <Money cents={cell(l)} currency={l.currency} />
          </Text>
        ))}
      </Stack>
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md" data-testid="finance-totals">
      {card('Em aberto', undefined, (l) => l.open_cents)}
      {card('Atrasado', 'red.7', (l) => l.overdue_cents)}
      {card(doneLabel, 'teal.7', (l) => l.done_cents)}
    </SimpleGrid>
  );
}

export function StatusBadge({ label, status }: { label: string; status: string }) {
  const color = status === 'overdue' ? 'red' : status === 'open' ? 'blue' : status === 'canceled' ? 'gray' : 'teal';
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** The API's filters from the address. */
export function filterQuery(filters: Record<string, string | number | undefined>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, String(v));
  return q;
}

/** The address's keys of the filters the dashboard's figures set (no field of their own: chips). */
const CHIP_KEYS = { currency: 'moeda', seller: 'vendedor', receivedFrom: 'recebido-de', receivedTo: 'recebido-ate' } as const;

/** The list's filters as the address keeps them; the situation in Portuguese (?situacao=em-aberto). */
/** `paymentDays`: the receivables also filter by the days a payment came in (the dashboard's "Recebido"). */
export function useFinanceFilters<S extends string>(slugs: Record<S, string>, paymentDays = false) {
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const slug = params.get('situacao');
  const status = (Object.keys(slugs) as S[]).find((s) => slugs[s] === slug);
  const from = params.get('de') ?? undefined;
  const to = params.get('ate') ?? undefined;
  const currency = readCurrency(params, CHIP_KEYS.currency);
  const sellerId = readRecordId(params, CHIP_KEYS.seller);
  const received = paymentDays
    ? { from: readIsoDate(params, CHIP_KEYS.receivedFrom), to: readIsoDate(params, CHIP_KEYS.receivedTo) }
    : { from: undefined, to: undefined };
  return {
    page,
    update,
    setPage,
    search,
    status,
    from,
    to,
    currency,
    sellerId,
    received,
    filters: {
      search: search.applied || undefined,
      status,
      from,
      to,
      currency,
      seller_user_id: sellerId,
      ...(paymentDays ? { received_from: received.from, received_to: received.to } : {}),
    },
  };
}

/** The currency and the seller as chips, each removable. */
function useChips(
  { currency, sellerId, received }: Pick<ReturnType<typeof useFinanceFilters>, 'currency' | 'sellerId' | 'received'>,
  update: Update,
): FilterChip[] {
  const owners = useOwnerOptions();
  const chips = dayRangeChip('Recebidas', received, [CHIP_KEYS.receivedFrom, CHIP_KEYS.receivedTo], update);
  if (sellerId) {
    const name = owners.options.find((o) => o.value === String(sellerId))?.label ?? 'um agente';
    chips.push({
      key: CHIP_KEYS.seller,
      label: `Vendas de ${name}`,
      onRemove: () => update({ [CHIP_KEYS.seller]: undefined, page: undefined }),
    });
  }
  if (currency) {
    chips.push({
      key: CHIP_KEYS.currency,
      label: `Moeda: ${currency}`,
      onRemove: () => update({ [CHIP_KEYS.currency]: undefined, page: undefined }),
    });
  }
  return chips;
}

type FinanceListProps<S extends string> = {
  filters: ReturnType<typeof useFinanceFilters<S>>;
  slugs: Record<S, string>;
  statusLabels: Record<S, string>;
  placeholder: string;
  exportPath: string;
  filename: string;
  totals: TotalLine[] | undefined;
  doneLabel: string;
  query: Parameters<typeof ListContent>[0]['query'] & { data?: { pagination: Pagination } | undefined };
  isEmpty: boolean;
  icon: ReactNode;
  noun: [string, string];
  feminine?: boolean;
  hint: string;
  children: ReactNode;
};

/** A finance list around its table: totals and exports on top, the filters, the states and the pages. */
export function FinanceList<S extends string>({ filters: f, slugs, statusLabels, query, noun, ...props }: FinanceListProps<S>) {
  const { search, status, from, to, update } = f;
  const chips = useChips(f, update);
  return (
    <ListPage
      actions={<ExportButtons path={props.exportPath} query={filterQuery(f.filters)} filename={props.filename} />}
      before={<Totals lines={props.totals} doneLabel={props.doneLabel} />}
    >
      <ListFilterBar search={search} placeholder={props.placeholder} active={[status, from, to].filter(Boolean).length + chips.length}>
        <ListFilterSelect
          label="Situação"
          param="situacao"
          value={status ? slugs[status] : undefined}
          update={update}
          data={(Object.keys(slugs) as S[]).map((s) => ({ value: slugs[s], label: statusLabels[s] }))}
          w={{ base: '100%', xs: 160 }}
        />
        <PeriodFilter from={from} to={to} update={update} />
      </ListFilterBar>
      <FilterChips chips={chips} />
      <ListContent
        query={query}
        isEmpty={props.isEmpty}
        icon={props.icon}
        noun={noun}
        feminine={props.feminine}
        empty={{
          hint: props.hint,
          filtered: !!(search.applied || status || from || to || chips.length),
          onClear: () => search.clearFilters(['situacao', 'de', 'ate', ...Object.values(CHIP_KEYS)]),
        }}
      >
        {props.children}
      </ListContent>
      <ListPagination pagination={query.data?.pagination} noun={noun} onChange={f.setPage} />
    </ListPage>
  );
}
