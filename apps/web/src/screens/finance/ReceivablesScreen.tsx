import { RECEIVABLE_STATUS_LABELS, type Receivable, type ReceivableStatus } from '@app/shared/finance';
import { shortDate } from '@app/shared/format';
import { Button, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPage, ListTable } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { useTRPC } from '../../lib/trpc';
import { FinanceList, NotAllowed, StatusBadge, useFinanceAccess, useFinanceFilters } from './FinanceParts';
import { ReceiveModal } from './ReceiveModal';

const PER_PAGE = 20;
const NOUN: [string, string] = ['parcela', 'parcelas'];
/** The address says the status in Portuguese (?situacao=em-aberto). */
const STATUS_SLUGS: Record<ReceivableStatus, string> = {
  open: 'em-aberto',
  overdue: 'atrasada',
  received: 'recebida',
  canceled: 'cancelada',
};

/** /contas-a-receber: every installment of every sale, by due date, with what is open, overdue and received. */
export default function ReceivablesScreen() {
  const trpc = useTRPC();
  const access = useFinanceAccess(false);
  const f = useFinanceFilters(STATUS_SLUGS, true);
  const { page, filters } = f;
  const [receiving, setReceiving] = useState<Receivable | null>(null);

  const list = useQuery({
    ...trpc.receivables.list.queryOptions({ ...filters, page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }),
    enabled: access.allowed,
  });
  if (access.known && !access.allowed)
    return (
      <ListPage>
        <NotAllowed costs={false} />
      </ListPage>
    );
  const rows = list.data?.receivables ?? [];
  const totals = list.data?.totals.map((t) => ({ ...t, done_cents: t.received_cents }));

  return (
    <>
      <FinanceList
        filters={f}
        slugs={STATUS_SLUGS}
        statusLabels={RECEIVABLE_STATUS_LABELS}
        placeholder="Cliente ou orçamento"
        exportPath="/api/receivables/export"
        filename="contas-a-receber"
        totals={totals}
        doneLabel={f.from || f.to || f.received.from || f.received.to ? 'Recebido no período' : 'Recebido'}
        query={list}
        isEmpty={rows.length === 0}
        icon={<IconCash size={28} aria-hidden />}
        noun={NOUN}
        feminine
        hint="Cada venda fechada traz aqui as parcelas do seu plano de pagamento."
      >
        <ListTable
          query={list}
          rows={rows}
          rowKey={(r) => r.id}
          rowTestId="receivable-row"
          minWidth={900}
          label="Contas a receber"
          primary={{
            label: 'Cliente',
            title: (r) => r.client.name,
            subtitle: (r) => r.budget_title,
            to: (r) => `/venda-fechada/${r.budget_id}`,
          }}
          columns={[
            { label: 'Parcela', nowrap: true, cell: (r) => `${r.number}/${r.installments}` },
            { label: 'Vencimento', nowrap: true, cell: (r) => shortDate(r.due_date) },
            { label: 'Valor', align: 'right', nowrap: true, cell: (r) => <Money cents={r.amount_cents} currency={r.currency} /> },
            {
              label: 'Em aberto',
              align: 'right',
              nowrap: true,
              cell: (r) => (r.open_cents ? <Money cents={r.open_cents} currency={r.currency} /> : <Text c="dimmed">—</Text>),
            },
            { label: 'Forma', cell: (r) => r.payment_method?.name ?? <Text c="dimmed">—</Text> },
            { label: 'Situação', cell: (r) => <StatusBadge status={r.status} label={RECEIVABLE_STATUS_LABELS[r.status]} /> },
            {
              label: 'Ações',
              actions: true,
              cell: (r) =>
                (r.status === 'open' || r.status === 'overdue') && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={(e) => {
                      e.stopPropagation();
                      setReceiving(r);
                    }}
                    aria-label={`Receber parcela ${r.number} de ${r.client.name}`}
                  >
                    Receber
                  </Button>
                ),
            },
          ]}
        />
      </FinanceList>
      <ReceiveModal receivable={receiving} onClose={() => setReceiving(null)} />
    </>
  );
}
