import { SEARCH_MAX_LENGTH } from '@app/shared/constants';
import { shortDate } from '@app/shared/format';
import { Button, Text, TextInput } from '@mantine/core';
import { IconFileDollar, IconX } from '@tabler/icons-react';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { DateField } from '../../components/DateField';
import { dayRangeChip, FilterChips } from '../../components/FilterChips';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListFilterSelect, ListPage, ListTable, NewButton } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { AutocompletePicker } from '../../components/pickers/AutocompletePicker';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { useOwnerOptions } from '../attendances/use-owner-options';
import { BudgetStatusBadge } from './badges';
import { BUDGET_STATUS_OPTIONS, budgetEditorPath, travelDates } from './labels';
import { budgetListInput, KEYS, PER_PAGE, readBudgetFilters } from './list-params';

const NOUN: [string, string] = ['orçamento', 'orçamentos'];

/** The client filter: its name read back from the address's id. */
function ClientFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | null) => void }) {
  const trpc = useTRPC();
  const chosen = useQuery(trpc.clients.get.queryOptions(value ? { id: value } : skipToken, { meta: { silent: true } }));
  if (value && chosen.isPending)
    return <TextInput label="Cliente" disabled value="" placeholder="Carregando…" w={{ base: '100%', xs: 200 }} readOnly />;
  return (
    <AutocompletePicker
      key={value ?? 0}
      label="Cliente"
      placeholder="Todos"
      w={{ base: '100%', xs: 200 }}
      value={value ?? null}
      initialLabel={chosen.data?.name}
      search={(term) =>
        trpc.clients.list.queryOptions({ search: term.trim() || undefined, page: 1, per_page: 10 }, { trpc: { abortOnUnmount: true } })
      }
      itemsOf={(data) => data.clients}
      optionText={(c) => c.name}
      onChange={(id) => onChange(id)}
    />
  );
}

/** /orcamentos: the agency's budgets, searched and filtered from the address. */
export default function BudgetsScreen() {
  const trpc = useTRPC();
  const { params, page, update, setPage } = useListParams();
  const search = useSearchParam(KEYS.search, update);
  const destination = useSearchParam(KEYS.destination, update);
  const owners = useOwnerOptions();

  const filters = readBudgetFilters(params);
  const { status, clientId, ownerId, from, to } = filters;
  // Set by the dashboard's links, with no field of their own: shown as chips.
  const chips = [
    ...dayRangeChip('Enviados', { from: filters.sentFrom, to: filters.sentTo }, [KEYS.sentFrom, KEYS.sentTo], update),
    ...dayRangeChip('Vendidos', { from: filters.soldFrom, to: filters.soldTo }, [KEYS.soldFrom, KEYS.soldTo], update),
    ...(filters.destinationIs
      ? [
          {
            key: KEYS.destinationIs,
            label: `Destino: ${filters.destinationIs}`,
            onRemove: () => update({ [KEYS.destinationIs]: undefined, page: undefined }),
          },
        ]
      : []),
    ...(filters.accepted
      ? [{ key: KEYS.accepted, label: 'Aceitos pelo cliente', onRemove: () => update({ [KEYS.accepted]: undefined, page: undefined }) }]
      : []),
    ...(filters.sellerId
      ? [
          {
            key: KEYS.seller,
            label: `Vendidos por ${owners.options.find((o) => o.value === String(filters.sellerId))?.label ?? 'um agente'}`,
            onRemove: () => update({ [KEYS.seller]: undefined, page: undefined }),
          },
        ]
      : []),
    ...(filters.currency
      ? [
          {
            key: KEYS.currency,
            label: `Moeda: ${filters.currency}`,
            onRemove: () => update({ [KEYS.currency]: undefined, page: undefined }),
          },
        ]
      : []),
  ];

  const list = useQuery(trpc.budgets.list.queryOptions(budgetListInput(filters, page), { placeholderData: keepPreviousData }));
  const budgets = list.data?.budgets ?? [];
  const filtered = !!(search.applied || destination.applied || status || clientId || ownerId || from || to || chips.length);
  const clear = () => {
    destination.setText('');
    search.clearFilters(Object.values(KEYS).filter((k) => k !== KEYS.search));
  };

  return (
    <ListPage actions={<NewButton to="/novo-orcamento">Novo orçamento</NewButton>}>
      <ListFilterBar
        search={search}
        placeholder="Título, destino ou cliente"
        active={[status, clientId, ownerId, destination.applied, from, to].filter(Boolean).length + chips.length}
      >
        <ListFilterSelect
          label="Status"
          param={KEYS.status}
          value={status}
          update={update}
          data={BUDGET_STATUS_OPTIONS}
          w={{ base: '100%', xs: 150 }}
        />
        <ClientFilter value={clientId} onChange={(id) => update({ [KEYS.client]: id ? String(id) : undefined, page: undefined })} />
        <ListFilterSelect
          label="Responsável"
          param={KEYS.owner}
          value={ownerId ? String(ownerId) : undefined}
          update={update}
          searchable
          data={owners.options}
          w={{ base: '100%', xs: 190 }}
        />
        <TextInput
          label="Destino"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={destination.text}
          onChange={(e) => destination.setText(e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
        <DateField
          label="Viagem a partir de"
          value={from ?? null}
          maxDate={to}
          onChange={(date) => update({ [KEYS.from]: date ?? undefined, page: undefined })}
          w={{ base: '100%', xs: 160 }}
        />
        <DateField
          label="Viagem até"
          value={to ?? null}
          minDate={from}
          onChange={(date) => update({ [KEYS.to]: date ?? undefined, page: undefined })}
          w={{ base: '100%', xs: 160 }}
        />
        {filtered && (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} aria-hidden />} onClick={clear}>
            Limpar filtros
          </Button>
        )}
      </ListFilterBar>
      <FilterChips chips={chips} />

      <ListContent
        query={list}
        isEmpty={budgets.length === 0}
        icon={<IconFileDollar size={28} aria-hidden />}
        noun={NOUN}
        loadingRows={PER_PAGE}
        empty={{
          hint: 'Crie um orçamento a partir de um atendimento, em “Novo orçamento”.',
          filtered,
          onClear: clear,
        }}
      >
        <ListTable
          query={list}
          rows={budgets}
          rowKey={(b) => b.id}
          rowTestId="budget-row"
          minWidth={820}
          primary={{ label: 'Orçamento', title: (b) => b.title, subtitle: (b) => b.client.name, to: (b) => budgetEditorPath(b.id) }}
          columns={[
            { label: 'Destino', cell: (b) => b.destination || <Text c="dimmed">—</Text> },
            { label: 'Viagem', nowrap: true, cell: (b) => travelDates(b.start_date, b.end_date, shortDate) || <Text c="dimmed">—</Text> },
            { label: 'Responsável', cell: (b) => b.owner.name },
            { label: 'Status', cell: (b) => <BudgetStatusBadge status={b.status} /> },
            {
              label: 'Total',
              align: 'right',
              nowrap: true,
              testId: 'budget-total',
              cell: (b) => (
                <Text fw={600} fz="sm">
                  <Money cents={b.total_cents} currency={b.currency} />
                </Text>
              ),
            },
          ]}
        />
      </ListContent>
      <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
    </ListPage>
  );
}
