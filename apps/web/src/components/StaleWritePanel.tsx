// The merge panel every edit form shows when its save met a newer version (lib/stale-write.ts):
// who saved first and when, then each field the other edit changed, the agent's value beside the
// current one, "Manter as minhas" or "Usar a versão atual"; "Salvar de novo" saves the choices on
// the version read.
import { shortDate, toCurrency } from '@app/shared/format';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Choice, defaultChoice, type StaleWriteState } from '../lib/stale-write';

type Values = Record<string, unknown>;

/** A value as the panel shows it: money in reais, dates as dd/mm/aaaa, lists by their size. */
function shown(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vazio)';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return key.endsWith('_cents') ? toCurrency(value) : String(value);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? shortDate(value) : value;
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} itens`;
  return '(detalhes)';
}

export function StaleWritePanel<V extends Values>({
  state,
  labels,
  format = shown,
}: {
  state: StaleWriteState<V>;
  /** The form's names of its fields. */
  labels: Record<string, string>;
  format?: (key: string, value: unknown) => string;
}) {
  const stale = state.stale;
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  if (!stale) return null;
  const choiceOf = (key: string) => choices[key] ?? defaultChoice(stale.fields.find((f) => f.key === key) as (typeof stale.fields)[number]);
  const save = () => {
    state.resolve(Object.fromEntries(stale.fields.map((f) => [f.key, choiceOf(f.key)])));
    setChoices({});
  };
  return (
    <Alert color="orange" variant="light" title="Outra pessoa salvou antes" data-testid="stale-write" role="alert">
      <Stack gap="sm">
        <Text fz="sm">{stale.conflict.message}</Text>
        {stale.fields.map((field) => (
          <Stack key={field.key} gap={4} data-testid={`stale-field-${field.key}`}>
            <Text fz="sm" fw={600}>
              {labels[field.key] ?? field.key}
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <Text fz="sm">
                <Text span c="dimmed" fz="xs">
                  A sua:{' '}
                </Text>
                {format(field.key, field.mine)}
              </Text>
              <Text fz="sm">
                <Text span c="dimmed" fz="xs">
                  Atual:{' '}
                </Text>
                {format(field.key, field.current)}
              </Text>
            </SimpleGrid>
            <SegmentedControl
              size="xs"
              aria-label={labels[field.key] ?? field.key}
              value={choiceOf(field.key)}
              onChange={(value) => setChoices((c) => ({ ...c, [field.key]: value as Choice }))}
              data={[
                { value: 'mine', label: 'Manter as minhas' },
                { value: 'current', label: 'Usar a versão atual' },
              ]}
            />
          </Stack>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="xs" onClick={state.dismiss}>
            Fechar
          </Button>
          <Button size="xs" onClick={save}>
            Salvar de novo
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
