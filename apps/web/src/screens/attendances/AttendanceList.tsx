import type { AttendanceFilters } from '@app/shared/attendances';
import { DEFAULT_PAGE_SIZE } from '@app/shared/constants';
import { shortDate } from '@app/shared/format';
import type { AttendanceListStatus } from '@app/shared/funnel';
import { Stack, Table, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListRow, ListTable } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { useTRPC } from '../../lib/trpc';
import { AttendanceStatusBadges, BudgetActivity } from './badges';
import { travelDates } from './labels';

const NOUN: [string, string] = ['atendimento', 'atendimentos'];

type Props = {
  filters: AttendanceFilters & { client_id?: number; status?: AttendanceListStatus };
  page: number;
  onPageChange: (page: number) => void;
  /** What the empty state offers (clear the filters, open an attendance). */
  emptyAction?: ReactNode;
  filtered?: boolean;
  /** The client column is left out where the client is known (the client's own page). */
  showClient?: boolean;
};

/** The attendances list (page size 6), newest first. */
export function AttendanceList({ filters, page, onPageChange, emptyAction, filtered, showClient = true }: Props) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.attendances.list.queryOptions({ ...filters, page, per_page: DEFAULT_PAGE_SIZE }, { placeholderData: keepPreviousData }),
  );
  const rows = list.data?.attendances ?? [];

  return (
    <ListContent
      query={list}
      isEmpty={rows.length === 0}
      icon={<IconHeadset size={28} aria-hidden />}
      noun={NOUN}
      loadingRows={4}
      empty={{ hint: 'Os atendimentos abertos aparecem aqui.', filtered, children: emptyAction }}
    >
      <ListTable
        query={list}
        minWidth={showClient ? 760 : 600}
        head={
          <>
            <Table.Th>Atendimento</Table.Th>
            {showClient && <Table.Th>Cliente</Table.Th>}
            <Table.Th>Responsável</Table.Th>
            <Table.Th>Viagem</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Status</Table.Th>
          </>
        }
      >
        {rows.map((a) => (
          <ListRow key={a.id} to={`/atendimento/${a.id}`} testId="attendance-row" title={a.title} subtitle={a.destination}>
            {showClient && <Table.Td>{a.client_name}</Table.Td>}
            <Table.Td>
              <Text fz="sm">{a.owner_name}</Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" c={a.start_date ? undefined : 'dimmed'}>
                {travelDates(a.start_date, a.end_date, shortDate) || 'Sem data'}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Money cents={a.value_cents} />
            </Table.Td>
            <Table.Td>
              <Stack gap={4}>
                <AttendanceStatusBadges status={a.status} tag={a.status_tag} />
                <BudgetActivity views={a.budget_views_count} accepted={a.budget_accepted} />
              </Stack>
            </Table.Td>
          </ListRow>
        ))}
      </ListTable>
      <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={onPageChange} />
    </ListContent>
  );
}
