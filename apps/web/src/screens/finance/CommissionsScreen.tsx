import { COMMISSION_STATUS_LABELS, type CommissionList, type CommissionSummary, payCommissionInput } from '@app/shared/commissions';
import { shortDate, toCurrency } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { Badge, Button, Card, Drawer, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { ExportButtons } from '../../components/ExportButtons';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListPage, ListTable } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { MonthSwitcher, monthName, monthOrCurrent } from '../../components/MonthSwitcher';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useListParams } from '../../lib/use-list-params';
import { useSeesCosts } from '../../lib/use-session';
import { NotAllowed, useFinanceAccess } from './FinanceParts';

const PER_PAGE = 20;
const NOUN: [string, string] = ['vendedor', 'vendedores'];

function MonthTotals({ totals }: { totals: CommissionList['totals'] | undefined }) {
  const shown = totals?.length ? totals : [{ currency: 'BRL', earned_cents: 0, paid_cents: 0, due_cents: 0 }];
  const card = (label: string, color: string | undefined, cell: (t: (typeof shown)[number]) => number) => (
    <Card withBorder radius="md" padding="sm" aria-label={label} role="group">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {shown.map((t) => (
        <Text key={t.currency} fw={700} fz="lg" c={color}>
          <Money cents={cell(t)} currency={t.currency} />
        </Text>
      ))}
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md" data-testid="commission-totals">
      {card('Comissão do mês', undefined, (t) => t.earned_cents)}
      {card('Paga', 'teal.7', (t) => t.paid_cents)}
      {card('A pagar', 'orange.8', (t) => t.due_cents)}
    </SimpleGrid>
  );
}

function PayForm({ row, onClose }: { row: CommissionSummary; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const labels = { paid_on: 'Data do pagamento', note: 'Observação' };
  const form = useSchemaForm({
    schema: payCommissionInput,
    initialValues: {
      seller_id: row.seller.id,
      month: row.month,
      currency: row.currency,
      paid_on: businessDate() as string | null,
      note: '',
    },
    labels,
  });
  const close = useUnsavedChanges(form.hasChanges());
  const pay = useMutation(
    trpc.commissions.pay.mutationOptions({
      onSuccess: ({ message }) => {
        toastSuccess(message);
        void queryClient.invalidateQueries({ queryKey: trpc.commissions.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.commissions.statement.queryKey() });
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const { onChange: _d, ...dayProps } = form.getInputProps('paid_on');
  return (
    <form onSubmit={form.submit((input) => pay.mutate(input))} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {toCurrency(row.due_cents, row.currency)} de comissão a <strong>{row.seller.name}</strong> por {monthName(row.month)}.
        </Text>
        <ErrorText>{form.formError}</ErrorText>
        <DateField label={labels.paid_on} withAsterisk {...dayProps} onChange={(v) => form.setFieldValue('paid_on', v)} />
        <Textarea label={labels.note} autosize minRows={2} {...form.getInputProps('note')} />
        <FormActions onCancel={close} pending={pay.isPending}>
          Marcar como paga
        </FormActions>
      </Stack>
    </form>
  );
}

/** A seller's month: each sale and what it earned, then the payments. */
function Statement({ row, onClose }: { row: CommissionSummary | null; onClose: () => void }) {
  const trpc = useTRPC();
  const seesCosts = useSeesCosts();
  const statement = useQuery({
    ...trpc.commissions.statement.queryOptions({ month: row?.month ?? '', seller_id: row?.seller.id ?? 1, per_page: 100 }),
    enabled: !!row,
  });
  const data = statement.data;
  return (
    <Drawer
      opened={!!row}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>{row ? `Extrato de ${row.seller.name} — ${monthName(row.month)}` : ''}</Text>}
    >
      {statement.isPending ? (
        <Text c="dimmed">Carregando…</Text>
      ) : statement.isError ? (
        <ErrorText>Não foi possível carregar o extrato.</ErrorText>
      ) : data ? (
        <Stack gap="lg">
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label="Vendas do mês">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Venda</Table.Th>
                  <Table.Th>Fechada em</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  {seesCosts && <Table.Th ta="right">Receita</Table.Th>}
                  <Table.Th ta="right">Comissão</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sales.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">Nenhuma venda neste mês.</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.sales.map((s) => (
                  <Table.Tr key={s.sale_id} data-testid="commission-sale">
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {s.budget_title}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {s.client.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{shortDate(s.sold_on)}</Table.Td>
                    <Table.Td ta="right">
                      <Money cents={s.sale_cents} currency={s.currency} />
                    </Table.Td>
                    {seesCosts && (
                      <Table.Td ta="right">
                        {s.revenue_cents === undefined ? '—' : <Money cents={s.revenue_cents} currency={s.currency} />}
                      </Table.Td>
                    )}
                    <Table.Td ta="right">
                      <Money cents={s.earned_cents} currency={s.currency} />
                      <Text fz="xs" c="dimmed">
                        {(s.seller_basis_points / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.pagination.total_pages > 1 && (
            <Text fz="sm" c="dimmed">
              As 100 primeiras vendas de {data.pagination.total_count}; a exportação traz todas.
            </Text>
          )}
          <div>
            <Title order={3} fz="md" mb="xs">
              Pagamentos
            </Title>
            {data.payments.length === 0 ? (
              <Text c="dimmed" fz="sm">
                Nenhum pagamento registrado para este mês.
              </Text>
            ) : (
              <Stack gap={4}>
                {data.payments.map((p) => (
                  <Text key={p.id} fz="sm" data-testid="commission-payment">
                    {shortDate(p.paid_on)} — <Money cents={p.amount_cents} currency={p.currency} />
                    {p.paid_by ? ` por ${p.paid_by.name}` : ''}
                    {p.note ? ` (${p.note})` : ''}
                  </Text>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** /comissoes: what each seller earned in a month, what was paid, and paying the rest. */
export default function CommissionsScreen() {
  const trpc = useTRPC();
  const access = useFinanceAccess(false);
  const seesCosts = useSeesCosts();
  const { params, page, update, setPage } = useListParams();
  const month = monthOrCurrent(params.get('mes'));
  const [paying, setPaying] = useState<CommissionSummary | null>(null);
  const [open, setOpen] = useState<CommissionSummary | null>(null);

  const list = useQuery({
    ...trpc.commissions.list.queryOptions({ month, page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }),
    enabled: access.allowed,
  });
  if (access.known && !access.allowed)
    return (
      <ListPage>
        <NotAllowed costs={false} />
      </ListPage>
    );
  const rows = list.data?.commissions ?? [];

  return (
    <>
      <ListPage
        actions={<ExportButtons path="/api/commissions/export" query={new URLSearchParams({ month })} filename={`comissoes-${month}`} />}
        before={
          <Stack gap="md">
            <MonthSwitcher month={month} onChange={(m) => update({ mes: m, page: undefined })} testId="commission-month" />
            <MonthTotals totals={list.data?.totals} />
          </Stack>
        }
      >
        <ListContent
          query={list}
          isEmpty={rows.length === 0}
          icon={<IconCoins size={28} aria-hidden />}
          noun={NOUN}
          empty={{ hint: 'As vendas fechadas no mês aparecem aqui, com a comissão de cada vendedor.' }}
        >
          <ListTable
            query={list}
            rows={rows}
            rowKey={(r) => `${r.seller.id}-${r.currency}`}
            rowTestId="commission-row"
            minWidth={900}
            label="Comissões"
            primary={{
              label: 'Vendedor',
              title: (r) => r.seller.name,
              subtitle: (r) => `${r.sales} ${r.sales === 1 ? 'venda' : 'vendas'}`,
              onOpen: setOpen,
              openLabel: (r) => `Extrato de ${r.seller.name}`,
            }}
            columns={[
              { label: 'Vendido', align: 'right', nowrap: true, cell: (r) => <Money cents={r.sale_cents} currency={r.currency} /> },
              seesCosts && {
                label: 'Receita',
                align: 'right',
                nowrap: true,
                cell: (r) => (r.revenue_cents === undefined ? '—' : <Money cents={r.revenue_cents} currency={r.currency} />),
              },
              { label: 'Comissão', align: 'right', nowrap: true, cell: (r) => <Money cents={r.earned_cents} currency={r.currency} /> },
              { label: 'Paga', align: 'right', nowrap: true, cell: (r) => <Money cents={r.paid_cents} currency={r.currency} /> },
              { label: 'A pagar', align: 'right', nowrap: true, cell: (r) => <Money cents={r.due_cents} currency={r.currency} /> },
              {
                label: 'Situação',
                cell: (r) => (
                  <Badge color={r.status === 'due' ? 'orange' : r.status === 'paid' ? 'teal' : 'gray'} variant="light">
                    {COMMISSION_STATUS_LABELS[r.status]}
                  </Badge>
                ),
              },
              {
                label: 'Ações',
                actions: true,
                cell: (r) =>
                  r.due_cents > 0 && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={(e) => {
                        e.stopPropagation();
                        setPaying(r);
                      }}
                      aria-label={`Pagar comissão de ${r.seller.name}`}
                    >
                      Pagar
                    </Button>
                  ),
              },
            ]}
          />
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>
      <FormDialog opened={!!paying} onClose={() => setPaying(null)} title={<Text fw={600}>Pagar comissão</Text>} centered>
        {paying && <PayForm row={paying} onClose={() => setPaying(null)} />}
      </FormDialog>
      <Statement row={open} onClose={() => setOpen(null)} />
    </>
  );
}
