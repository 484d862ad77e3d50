// /notas-fiscais: the agency's NFS-e of a month (plan feature nfse; the owner and administradores),
// newest first, by status, each with its sale and the DANFSe once authorized; the month for the
// accountant as a CSV or a zip of the authority's XML.
import { dateTime } from '@app/shared/format';
import { NFSE_STATUS_LABELS, NFSE_STATUSES, type NfseStatus } from '@app/shared/nfse';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconFileInvoice, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExportButtons } from '../../components/ExportButtons';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterSelect, ListPage, ListTable } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { MonthSwitcher, monthOrCurrent } from '../../components/MonthSwitcher';
import { downloadFile } from '../../lib/download';
import { hasFeature } from '../../lib/features';
import { useTRPC } from '../../lib/trpc';
import { useListParams } from '../../lib/use-list-params';
import { useCurrentUser, useFeatures } from '../../lib/use-session';
import { NfseStatusBadge } from './NfseStatusBadge';

const PER_PAGE = 20;
const NOUN: [string, string] = ['nota fiscal', 'notas fiscais'];
const EXPORTS = [
  { format: 'csv', label: 'Exportar CSV', extension: 'csv' },
  { format: 'xml', label: 'Baixar XML (zip)', extension: 'zip' },
];

export default function NfseListScreen() {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const features = useFeatures();
  const manager = user?.role === 'owner' || user?.role === 'administrador';
  const allowed = manager && hasFeature(features, 'nfse');
  const { params, page, update, setPage } = useListParams();
  const month = monthOrCurrent(params.get('mes'));
  const asked = params.get('situacao');
  const status = NFSE_STATUSES.find((s) => s === asked) as NfseStatus | undefined;

  const list = useQuery({
    ...trpc.nfse.list.queryOptions({ month, status, page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }),
    enabled: allowed,
  });
  if (user && features.loaded && !allowed)
    return (
      <ListPage>
        <Alert icon={<IconLock size={18} aria-hidden />} title="Sem acesso" color="gray" role="status">
          {manager
            ? 'O plano da agência não inclui a emissão de NFS-e.'
            : 'Só o dono e os administradores da agência veem as notas fiscais.'}
        </Alert>
      </ListPage>
    );
  const rows = list.data?.notes ?? [];

  return (
    <ListPage
      actions={
        <ExportButtons
          path="/api/nfse/export"
          query={new URLSearchParams({ month })}
          filename={`notas-fiscais-${month}`}
          formats={EXPORTS}
        />
      }
      before={
        <Stack gap="md">
          <Group justify="space-between" align="end">
            <MonthSwitcher month={month} onChange={(m) => update({ mes: m, page: undefined })} testId="nfse-month" />
            <ListFilterSelect
              label="Situação"
              param="situacao"
              value={status}
              update={update}
              data={NFSE_STATUSES.map((s) => ({ value: s, label: NFSE_STATUS_LABELS[s] }))}
              w={{ base: '100%', xs: 180 }}
            />
          </Group>
        </Stack>
      }
    >
      <ListContent
        query={list}
        isEmpty={rows.length === 0}
        feminine
        icon={<IconFileInvoice size={28} aria-hidden />}
        noun={NOUN}
        empty={{
          filtered: !!status,
          hint: 'As NFS-e emitidas pelas vendas (botão "Emitir NFS-e" na venda fechada) aparecem aqui, mês a mês.',
        }}
      >
        <ListTable
          query={list}
          rows={rows}
          rowKey={(n) => n.id}
          rowTestId="nfse-row"
          minWidth={900}
          label="Notas fiscais"
          primary={{
            label: 'Nota',
            title: (n) => (n.number ? `NFS-e nº ${n.number}` : `DPS ${n.dps_series}-${n.dps_number}`),
            subtitle: (n) => dateTime(n.issued_at),
            to: (n) => `/venda-fechada/${n.budget_id}`,
          }}
          columns={[
            { label: 'Cliente', cell: (n) => n.client.name },
            { label: 'Orçamento', cell: (n) => n.budget_title },
            { label: 'Valor', align: 'right', nowrap: true, cell: (n) => <Money cents={n.amount_cents} currency="BRL" /> },
            { label: 'ISS', align: 'right', nowrap: true, cell: (n) => <Money cents={n.iss_cents} currency="BRL" /> },
            { label: 'Situação', cell: (n) => <NfseStatusBadge status={n.status} /> },
            {
              label: 'Ações',
              actions: true,
              cell: (n) =>
                (n.status === 'authorized' || n.status === 'canceling') && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={(e) => {
                      e.stopPropagation();
                      void downloadFile(`/api/nfse/${n.id}/danfse`, `nfse-${n.number}.pdf`);
                    }}
                    aria-label={`DANFSe da NFS-e nº ${n.number}`}
                  >
                    DANFSe
                  </Button>
                ),
            },
          ]}
        />
      </ListContent>
      <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
    </ListPage>
  );
}
