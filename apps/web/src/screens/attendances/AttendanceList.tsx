import type { AttendanceFilters } from '@app/shared/attendances';
import { shortDate } from '@app/shared/format';
import type { AttendanceListStatus } from '@app/shared/funnel';
import { Stack, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListTable } from '../../components/ListScreen';
import { Money } from '../../components/Money';
import { useTRPC } from '../../lib/trpc';
import { AttendanceStatusBadges, BudgetActivity } from './badges';
import { travelDates } from './labels';
import { attendanceListInput } from './list-params';

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
  const list = useQuery(trpc.attendances.list.queryOptions(attendanceListInput(filters, page), { placeholderData: keepPreviousData }));
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
        rows={rows}
        rowKey={(a) => a.id}
        rowTestId="attendance-row"
        minWidth={showClient ? 760 : 600}
        primary={{ label: 'Atendimento', title: (a) => a.title, subtitle: (a) => a.destination, to: (a) => `/atendimento/${a.id}` }}
        columns={[
          showClient && { label: 'Cliente', cell: (a) => a.client_name },
          { label: 'Responsável', cell: (a) => <Text fz="sm">{a.owner_name}</Text> },
          {
            label: 'Viagem',
            cell: (a) => (
              <Text fz="sm" c={a.start_date ? undefined : 'dimmed'}>
                {travelDates(a.start_date, a.end_date, shortDate) || 'Sem data'}
              </Text>
            ),
          },
          { label: 'Valor', align: 'right', nowrap: true, cell: (a) => <Money cents={a.value_cents} /> },
          {
            label: 'Status',
            cell: (a) => (
              <Stack gap={4}>
                <AttendanceStatusBadges status={a.status} tag={a.status_tag} />
                <BudgetActivity views={a.budget_views_count} accepted={a.budget_accepted} />
              </Stack>
            ),
          },
        ]}
      />
      <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={onPageChange} />
    </ListContent>
  );
}
