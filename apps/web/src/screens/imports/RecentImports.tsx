import { dateTime } from '@app/shared/format';
import { IMPORT_KIND_LABELS, IMPORT_STATUS_LABELS, type ImportKind, type ImportStatus } from '@app/shared/imports';
import { Badge, Card, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListTable } from '../../components/ListScreen';
import { useTRPC } from '../../lib/trpc';
import { importUrl, isRunning, STATUS_COLORS } from './labels';

const PER_PAGE = 5;
const NOUN: [string, string] = ['importação', 'importações'];

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="import-status">
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The agency's latest imports of a kind, newest first, each opening its import (its result, or where it stopped). */
export function RecentImports({ kind }: { kind: ImportKind }) {
  const trpc = useTRPC();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const list = useQuery(
    trpc.imports.list.queryOptions(
      { kind, page, per_page: PER_PAGE },
      {
        placeholderData: keepPreviousData,
        // An import still running goes on changing its row.
        refetchInterval: (query) => (query.state.data?.imports.some((i) => isRunning(i.status)) ? 3000 : false),
      },
    ),
  );
  const imports = list.data?.imports ?? [];

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={titleId} mt="lg" data-testid="recent-imports">
      <Title order={2} fz="h4" id={titleId} mb="sm">
        Importações recentes · {IMPORT_KIND_LABELS[kind]}
      </Title>
      <ListContent
        query={list}
        noun={NOUN}
        feminine
        isEmpty={imports.length === 0}
        icon={<IconFileSpreadsheet size={28} aria-hidden />}
        loadingRows={3}
        empty={{ hint: 'As planilhas enviadas aparecem aqui, com a situação de cada importação.' }}
      >
        <ListTable
          query={list}
          rows={imports}
          rowKey={(i) => i.id}
          rowTestId="recent-import"
          minWidth={600}
          primary={{ label: 'Arquivo', title: (i) => i.filename, to: importUrl }}
          columns={[
            { label: 'Situação', cell: (i) => <ImportStatusBadge status={i.status} /> },
            {
              label: 'Linhas',
              cell: (i) => (
                <Text fz="sm">
                  {i.status === 'done'
                    ? `${i.created_count} criados · ${i.updated_count} atualizados · ${i.rejected_count} recusados`
                    : isRunning(i.status) && i.total_rows
                      ? `${i.processed_rows} de ${i.total_rows}`
                      : (i.total_rows ?? '—')}
                </Text>
              ),
            },
            { label: 'Enviada em', nowrap: true, cell: (i) => dateTime(i.created_at) },
          ]}
        />
      </ListContent>
      <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} label="Páginas das importações" />
    </Card>
  );
}
