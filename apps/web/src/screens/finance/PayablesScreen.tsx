import { PAYABLE_STATUS_LABELS, type Payable, type PayableStatus } from '@app/shared/finance';
import { shortDate } from '@app/shared/format';
import { Button, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPage, ListTable } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { useTRPC } from '../../lib/trpc';
import { FinanceList, NotAllowed, StatusBadge, useFinanceAccess, useFinanceFilters } from './FinanceParts';
import { PayModal } from './PayModal';

const PER_PAGE = 20;
const NOUN: [string, string] = ['conta', 'contas'];
const STATUS_SLUGS: Record<PayableStatus, string> = { open: 'em-aberto', overdue: 'atrasada', paid: 'paga', canceled: 'cancelada' };

/** /contas-a-pagar: what the agency owes its suppliers (reservations with a due date), by due date. */
export default function PayablesScreen() {
  const trpc = useTRPC();
  const access = useFinanceAccess(true);
  const f = useFinanceFilters(STATUS_SLUGS);
  const { page, filters } = f;
  const [paying, setPaying] = useState<Payable | null>(null);

  const list = useQuery({
    ...trpc.payables.list.queryOptions({ ...filters, page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }),
    enabled: access.allowed,
  });
  if (access.known && !access.allowed)
    return (
      <ListPage>
        <NotAllowed costs />
      </ListPage>
    );
  const rows = list.data?.payables ?? [];
  const totals = list.data?.totals.map((t) => ({ ...t, done_cents: t.paid_cents }));

  return (
    <>
      <FinanceList
        filters={f}
        slugs={STATUS_SLUGS}
        statusLabels={PAYABLE_STATUS_LABELS}
        placeholder="Fornecedor, cliente ou orçamento"
        exportPath="/api/payables/export"
        filename="contas-a-pagar"
        totals={totals}
        doneLabel={f.from || f.to ? 'Pago no período' : 'Pago'}
        query={list}
        isEmpty={rows.length === 0}
        icon={<IconReceipt size={28} aria-hidden />}
        noun={NOUN}
        feminine
        hint="Uma reserva com fornecedor e vencimento do pagamento aparece aqui."
      >
        <ListTable
          query={list}
          rows={rows}
          rowKey={(p) => p.id}
          rowTestId="payable-row"
          minWidth={900}
          label="Contas a pagar"
          primary={{
            label: 'Fornecedor',
            title: (p) => p.supplier.name,
            subtitle: (p) => p.service_title,
            to: (p) => `/venda-fechada/${p.budget_id}`,
          }}
          columns={[
            { label: 'Cliente', cell: (p) => p.client.name },
            { label: 'Orçamento', cell: (p) => p.budget_title },
            { label: 'Vencimento', nowrap: true, cell: (p) => shortDate(p.due_date) },
            { label: 'Valor', align: 'right', nowrap: true, cell: (p) => <Money cents={p.amount_cents} currency={p.currency} /> },
            { label: 'Situação', cell: (p) => <StatusBadge status={p.status} label={PAYABLE_STATUS_LABELS[p.status]} /> },
            { label: 'Paga em', nowrap: true, cell: (p) => (p.paid_on ? shortDate(p.paid_on) : <Text c="dimmed">—</Text>) },
            {
              label: 'Ações',
              actions: true,
              cell: (p) =>
                (p.status === 'open' || p.status === 'overdue') && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={(e) => {
                      e.stopPropagation();
                      setPaying(p);
                    }}
                    aria-label={`Marcar como pago: ${p.supplier.name}`}
                  >
                    Marcar como pago
                  </Button>
                ),
            },
          ]}
        />
      </FinanceList>
      <PayModal payable={paying} onClose={() => setPaying(null)} />
    </>
  );
}
