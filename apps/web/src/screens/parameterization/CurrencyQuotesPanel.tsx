// The financial group's "Cotações de moedas" tab: what a unit of each foreign currency costs in reais.
// With cambio_sistema the agency uses the system's automatic quotes and may refresh them now; without
// it the agency types its own. Which one the server says (`automatic`), as the plan stands now.
import {
  CURRENCY_QUOTE_SOURCE_LABELS,
  type CurrencyQuote,
  formatRate,
  RATE_DECIMALS,
  RATE_MAX,
  updateCurrencyQuoteInput,
} from '@app/shared/currency-quotes';
import { dateTime } from '@app/shared/format';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCoin, IconEdit, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListTable } from '../../components/ListScreen';
import { RateInput } from '../../components/RateInput';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';

const PAGE_SIZE = 20;

function QuoteForm({ quote, onClose }: { quote: CurrencyQuote; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schema = useMemo(() => updateCurrencyQuoteInput.omit({ id: true }), []);
  const form = useSchemaForm({ schema, initialValues: { rate: (quote.rate ?? '') as number | string }, labels: { rate: 'Cotação' } });
  const close = useUnsavedChanges(form.hasChanges());
  const save = useMutation(
    trpc.currencyQuotes.update.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries({ queryKey: trpc.currencyQuotes.pathKey() });
        toastSuccess(`Cotação de ${saved.currency} atualizada: ${formatRate(saved.rate)}.`);
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const submit = form.submit((input) => save.mutate({ id: quote.id, rate: input.rate }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <RateInput
          label={`Cotação (R$ por 1 ${quote.currency})`}
          description={`Até ${RATE_DECIMALS} casas decimais`}
          withAsterisk
          max={RATE_MAX}
          data-autofocus
          {...form.getInputProps('rate')}
        />
        <FormActions onCancel={close} pending={save.isPending}>
          Salvar cotação
        </FormActions>
      </Stack>
    </form>
  );
}

function QuoteModal({ quote, onClose }: { quote: CurrencyQuote | null; onClose: () => void }) {
  return (
    <FormDialog
      opened={!!quote}
      onClose={onClose}
      title={<Text fw={600}>{quote ? `Cotação: ${quote.currency} · ${quote.currency_name}` : ''}</Text>}
      centered
    >
      {quote && <QuoteForm quote={quote} onClose={onClose} />}
    </FormDialog>
  );
}

export function CurrencyQuotesPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [editing, setEditing] = useState<CurrencyQuote | null>(null);
  const noun: [string, string] = ['moeda', 'moedas'];

  const list = useQuery(
    trpc.currencyQuotes.list.queryOptions(
      { search: search.applied || undefined, page, per_page: PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  const items = list.data?.items ?? [];
  const refresh = useMutation(
    trpc.currencyQuotes.updateQuotes.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.currencyQuotes.pathKey() });
        toastSuccess('Cotações atualizadas.');
      },
    }),
  );

  return (
    <>
      {list.data &&
        (list.data.automatic ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} mb="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fz="sm">Sua agência usa as cotações automáticas do sistema, atualizadas periodicamente.</Text>
              <Button leftSection={<IconRefresh size={16} aria-hidden />} loading={refresh.isPending} onClick={() => refresh.mutate({})}>
                Atualizar cotações
              </Button>
            </Group>
          </Alert>
        ) : (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} mb="md">
            <Text fz="sm">
              Sua agência mantém as próprias cotações: digite o valor de cada moeda e atualize-o quando mudar. As cotações automáticas fazem
              parte de outros planos.
            </Text>
          </Alert>
        ))}
      <ListFilterBar search={search} placeholder="Buscar por código ou nome da moeda">
        {null}
      </ListFilterBar>
      <ListContent
        query={list}
        isEmpty={items.length === 0}
        icon={<IconCoin size={28} aria-hidden />}
        noun={noun}
        feminine
        empty={{ hint: 'Nenhuma moeda cotada.', filtered: !!search.applied, onClear: () => search.clearFilters([]) }}
      >
        <ListTable
          query={list}
          rows={items}
          rowKey={(q) => q.id}
          rowTestId="currency-quote-row"
          minWidth={560}
          primary={{ label: 'Moeda', title: (q) => q.currency, subtitle: (q) => q.currency_name }}
          columns={[
            {
              label: 'Cotação',
              cell: (q) => (
                <Text fz="sm" ff="monospace">
                  {formatRate(q.rate)}
                </Text>
              ),
            },
            {
              label: 'Origem',
              cell: (q) =>
                q.source ? (
                  <Badge variant="light" color={q.source === 'automatic' ? 'blue' : 'grape'}>
                    {CURRENCY_QUOTE_SOURCE_LABELS[q.source]}
                  </Badge>
                ) : (
                  <Text fz="sm" c="dimmed">
                    Sem cotação
                  </Text>
                ),
            },
            { label: 'Atualizada em', cell: (q) => <Text fz="sm">{q.quoted_at ? dateTime(q.quoted_at) : '—'}</Text> },
            {
              label: 'Ações',
              actions: true,
              w: 56,
              cell: (q) =>
                q.editable && (
                  <Tooltip label="Digitar cotação">
                    <ActionIcon variant="subtle" color="gray" aria-label={`Digitar cotação de ${q.currency}`} onClick={() => setEditing(q)}>
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ),
            },
          ]}
        />
      </ListContent>
      <ListPagination pagination={list.data?.pagination} noun={noun} onChange={setPage} />
      <QuoteModal quote={editing} onClose={() => setEditing(null)} />
    </>
  );
}
