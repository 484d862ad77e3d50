import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/**
 * The bar of a file on its way, its percentage read out, and 'Cancelar envio' until it has arrived.
 * `noun` names it for the bar ('da planilha'); `sending` and `received` are the line under it.
 */
export function UploadProgress({
  progress,
  noun,
  onCancel,
  testId,
  sending = 'Enviando…',
  received = 'Arquivo enviado, salvando…',
}: {
  progress: number | null;
  noun: string;
  onCancel: () => void;
  testId?: string;
  sending?: string;
  received?: string;
}) {
  if (progress === null) return null;
  return (
    <Stack gap={4}>
      <Progress value={progress} size="md" radius="xl" animated={progress < 100} aria-label={`Progresso do envio ${noun}`} />
      <Group justify="space-between" gap="xs">
        <Text fz="xs" c="dimmed" aria-live="polite" data-testid={testId}>
          {progress < 100 ? `${sending} ${progress}%` : received}
        </Text>
        {progress < 100 && (
          <Button variant="subtle" color="gray" size="compact-xs" leftSection={<IconX size={12} aria-hidden />} onClick={onCancel}>
            Cancelar envio
          </Button>
        )}
      </Group>
    </Stack>
  );
}
