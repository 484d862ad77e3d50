import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value on a detail screen (client, attendance, user). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** The value, or a dimmed placeholder when there is none. */
export function OrMissing({ value, missing = 'Não informado' }: { value: ReactNode; missing?: string }) {
  return value ? <Text>{value}</Text> : <Text c="dimmed">{missing}</Text>;
}

/** Free-text notes under a detail card; nothing when empty. */
export function DetailNotes({ notes }: { notes: string | null }) {
  if (!notes) return null;
  return (
    <Stack gap={4} mt="lg">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        Observações
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{notes}</Text>
    </Stack>
  );
}
