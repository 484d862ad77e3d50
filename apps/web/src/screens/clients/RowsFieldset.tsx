import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { CLIENT_LIST_MAX } from '@app/shared/crm-rules';
import { capitalize } from '@app/shared/format';
import { ActionIcon, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import type { Row, RowList } from './use-row-list';

type Props<T extends Record<string, string>> = {
  list: RowList<T>;
  emptyText: string;
  /** The row's inputs; `focusRef` goes on the first one (focused when the row is added). */
  children: (row: Row<T>, index: number, focusRef: (el: HTMLElement | null) => void) => ReactNode;
};

/**
 * A section of repeatable rows of the client form, each with its remove button, up to the API's
 * limit. With the noun 'contato', rows read 'Contato 1', buttons 'Adicionar contato' and 'Remover contato 1'.
 */
export function RowsFieldset<T extends Record<string, string>>({ list, emptyText, children }: Props<T>) {
  const addRef = useRef<HTMLButtonElement>(null);
  const focusKey = useRef<number | null>(null);
  const { legend, noun } = CLIENT_LIST_LABELS[list.path];
  const Noun = capitalize(noun);
  const max = CLIENT_LIST_MAX[list.path];

  return (
    <Fieldset legend={legend} variant="filled" radius="md">
      <Stack gap="sm">
        {list.rows.length === 0 && (
          <Text fz="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {list.rows.map((row, index) => (
          <Paper key={row.key} withBorder radius="md" p="sm" role="group" aria-label={`${Noun} ${index + 1}`}>
            <Group justify="space-between" mb={4}>
              <Text fz="sm" fw={600}>
                {Noun} {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover ${noun} ${index + 1}`}
                onClick={() => {
                  list.remove(row.key);
                  addRef.current?.focus();
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            {children(row, index, (el) => {
              if (el && focusKey.current === row.key) {
                focusKey.current = null;
                el.focus();
              }
            })}
          </Paper>
        ))}
        {list.listError && (
          <Text c="red" fz="sm" role="alert">
            {list.listError}
          </Text>
        )}
        <Group gap="sm">
          <Button
            ref={addRef}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={list.rows.length >= max}
            onClick={() => {
              focusKey.current = list.add();
            }}
          >
            Adicionar {noun}
          </Button>
          {list.rows.length >= max && (
            <Text fz="xs" c="dimmed">
              Máximo de {max} {legend.toLowerCase()}.
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
