import { ATTENDANCE_LIST_STATUSES, ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUS_TAG_LABELS } from '@app/shared/funnel';
import { Button, Tabs } from '@mantine/core';
import { IconLayoutKanban, IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFilterSelect, ListPage, NewButton } from '../../components/ListScreen';
import { useListParams } from '../../lib/use-list-params';
import { AttendanceList } from './AttendanceList';
import { BigNumbers } from './BigNumbers';
import { FunnelBoard } from './FunnelBoard';
import { AttendanceFiltersBar, hasFilters } from './filters';
import { readAttendanceFilters, readListStatus, readView } from './list-params';

const STATUS_OPTIONS = ATTENDANCE_LIST_STATUSES.map((s) => ({
  value: s,
  label: s === 'expired' ? ATTENDANCE_STATUS_TAG_LABELS.expired : ATTENDANCE_STATUS_LABELS[s],
}));

/** Home and /atendimentos: big numbers, then the attendances as a list or as the sales funnel. */
export default function AttendancesScreen() {
  const { params, page, update, setPage } = useListParams();
  const filters = readAttendanceFilters(params);
  const status = readListStatus(params);
  const view = readView(params);

  return (
    <ListPage actions={<NewButton to="/atendimento-leader">Novo atendimento</NewButton>} before={<BigNumbers filters={filters} />}>
      <AttendanceFiltersBar filters={filters} update={update} childrenActive={view === 'lista' && status ? 1 : 0}>
        {view === 'lista' && (
          <ListFilterSelect
            label="Status"
            param="status"
            value={status}
            update={update}
            data={STATUS_OPTIONS}
            w={{ base: '100%', xs: 160 }}
          />
        )}
      </AttendanceFiltersBar>
      <Tabs value={view} onChange={(v) => update({ visao: v === 'funil' ? 'funil' : undefined, page: undefined })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="lista" leftSection={<IconList size={16} aria-hidden />}>
            Lista
          </Tabs.Tab>
          <Tabs.Tab value="funil" leftSection={<IconLayoutKanban size={16} aria-hidden />}>
            Funil de vendas
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lista">
          <AttendanceList
            filters={{ ...filters, status }}
            page={page}
            onPageChange={setPage}
            filtered={hasFilters(filters) || !!status}
            emptyAction={
              <Button component={Link} to="/atendimento-leader" variant="light">
                Novo atendimento
              </Button>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="funil">
          <FunnelBoard filters={filters} />
        </Tabs.Panel>
      </Tabs>
    </ListPage>
  );
}
