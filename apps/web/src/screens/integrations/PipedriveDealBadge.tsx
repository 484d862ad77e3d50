// On an attendance (agencies with pipedrive_deals): "Sincronizado com o Pipedrive" with a link to the
// deal, or the last push's error in plain pt-BR; nothing before the first push or without the integration.
import { PIPEDRIVE_MESSAGES } from '@app/shared/pipedrive';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The push runs in the background: the badge looks again a while after the screen opened. */
const REFETCH_MS = 20_000;

export function PipedriveDealBadge({ attendanceId }: { attendanceId: number }) {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.integrations.attendanceDeal.queryOptions({ id: attendanceId }), refetchInterval: REFETCH_MS });
  if (!data || data.state === 'none') return null;
  if (data.state === 'error') {
    return (
      <Text fz="sm" c="red" role="status" data-testid="pipedrive-sync">
        {data.error}
      </Text>
    );
  }
  return (
    <Group gap={6} data-testid="pipedrive-sync">
      <Badge color="teal" variant="light">
        {PIPEDRIVE_MESSAGES.synced}
      </Badge>
      {data.deal_url && (
        <Anchor href={data.deal_url} target="_blank" rel="noopener noreferrer" fz="sm">
          Ver negócio <IconExternalLink size={14} aria-hidden />
        </Anchor>
      )}
    </Group>
  );
}
