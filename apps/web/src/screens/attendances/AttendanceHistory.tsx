import type { AttendanceLog } from '@app/shared/attendances';
import { dateTime, shortDate } from '@app/shared/format';
import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from '@app/shared/funnel';
import { Card, List, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ListPagination } from '../../components/ListPagination';
import { Money } from '../../components/Money';
import { useTRPC } from '../../lib/trpc';
import { ATTENDANCE_FIELD_LABELS, LOG_ACTION_LABELS } from './labels';

const PER_PAGE = 6;
type LogValue = AttendanceLog['changes'][string]['from'];

/** A logged value as people read it: money, dates, statuses, the responsible user's name. */
function formatValue(field: string, value: LogValue, ownerName: (id: number) => string | undefined): ReactNode {
  if (value === null || value === '') return '—';
  if (field.endsWith('_cents') && typeof value === 'number') return <Money cents={value} />;
  if (field.endsWith('_date') && typeof value === 'string') return shortDate(value);
  if (field === 'status' && typeof value === 'string') return ATTENDANCE_STATUS_LABELS[value as AttendanceStatus] ?? value;
  if (field === 'owner_user_id' && typeof value === 'number') return ownerName(value) ?? `#${value}`;
  if (field === 'cover_image_key') return 'imagem enviada';
  return String(value);
}

/** The attendance's history log, newest first. */
export function AttendanceHistory({ attendanceId, ownerName }: { attendanceId: number; ownerName: (id: number) => string | undefined }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const logs = useQuery(
    trpc.attendances.logs.queryOptions({ id: attendanceId, page, per_page: PER_PAGE }, { placeholderData: keepPreviousData }),
  );

  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={600} mb="sm" component="h2">
        Histórico
      </Text>
      {logs.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Carregando histórico">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : !logs.data || logs.data.logs.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhum registro no histórico.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="attendance-history" style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}>
          {logs.data.logs.map((log) => {
            const changes = log.action === 'created' ? [] : Object.entries(log.changes);
            return (
              <Timeline.Item key={log.id} title={LOG_ACTION_LABELS[log.action]} data-testid="history-entry">
                <Text fz="xs" c="dimmed">
                  {dateTime(log.created_at)}
                  {log.user ? ` · ${log.user.name}` : ''}
                </Text>
                {changes.length > 0 && (
                  <List size="xs" mt={4} spacing={2}>
                    {changes.map(([field, { from, to }]) => (
                      <List.Item key={field}>
                        {ATTENDANCE_FIELD_LABELS[field] ?? field}: {formatValue(field, from, ownerName)} →{' '}
                        {formatValue(field, to, ownerName)}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      <ListPagination
        pagination={logs.data?.pagination}
        noun={['registro', 'registros']}
        onChange={setPage}
        label="Paginação do histórico"
      />
    </Card>
  );
}
