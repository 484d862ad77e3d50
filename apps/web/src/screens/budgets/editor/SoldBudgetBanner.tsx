// The top of a sold budget's editor: why nothing here can change, and the way out ("Desfazer
// venda", the closed sale's own dialog). The editor itself hides its edit actions (isBudgetEditable).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTRPC } from '../../../lib/trpc';
import { UndoSaleDialog } from '../sale/UndoSaleDialog';

export const SOLD_READ_ONLY_TEXT = 'Este orçamento foi vendido e não pode ser alterado. Para alterar, desfaça a venda.';

export function SoldBudgetBanner({ budgetId }: { budgetId: number }) {
  const trpc = useTRPC();
  const location = useLocation();
  const [undoing, setUndoing] = useState(false);
  // The dialog lists the reservations and contracts it would cancel: read only when asked for.
  const info = useQuery({ ...trpc.closedSales.soldInfo.queryOptions({ id: budgetId }), enabled: undoing });
  const close = () => setUndoing(false);
  return (
    <Alert color="teal" variant="light" icon={<IconLock size={18} aria-hidden />} title="Orçamento vendido" data-testid="sold-read-only">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">
          {SOLD_READ_ONLY_TEXT} Um serviço ainda pode ser cancelado com reembolso; ler, compartilhar e copiar o orçamento continuam
          disponíveis.
        </Text>
        <Group gap="sm">
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={undoing && info.isFetching && !info.data}
            onClick={() => {
              setUndoing(true);
              // A failed read (reported on the bar) is tried again on the next click.
              if (info.isError) void info.refetch();
            }}
          >
            Desfazer venda
          </Button>
        </Group>
      </Stack>
      {info.data && (
        <UndoSaleDialog
          budgetId={budgetId}
          saleId={info.data.sale?.id ?? null}
          budgetVersion={info.data.budget_version}
          reservations={info.data.reservations}
          contracts={info.data.contracts}
          opened={undoing}
          onClose={close}
          returnTo={`${location.pathname}${location.search}`}
        />
      )}
    </Alert>
  );
}
