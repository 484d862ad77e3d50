import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { CLIENT_LIST_MAX } from '@app/shared/crm-rules';
import { capitalize } from '@app/shared/format';
import { ActionIcon, Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { ErrorText } from '../../components/ErrorText';

export type ListPath = 'contacts' | 'documents';

type Props<R> = {
  /** The client form; its list at `path` holds the rows. */
  form: UseFormReturnType<{ contacts: unknown[]; documents: unknown[] }, unknown>;
  path: ListPath;
  /** A new row's values. */
  empty: R;
  emptyText: string;
  /** The row's inputs; `focusRef` goes on the first one (focused when the row is added). */
  children: (index: number, focusRef: (el: HTMLElement | null) => void) => ReactNode;
};

/**
 * A section of repeatable rows of the client form, each with its remove button, up to the API's
 * limit. With the noun 'contato', rows read 'Contato 1', buttons 'Adicionar contato' and 'Remover contato 1'.
 * A row left blank is not sent.
 */
export function RowsFieldset<R>({ form, path, empty, emptyText, children }: Props<R>) {
  const addRef = useRef<HTMLButtonElement>(null);
  const focusIndex = useRef<number | null>(null);
  const { legend, noun } = CLIENT_LIST_LABELS[path];
  const Noun = capitalize(noun);
  const max = CLIENT_LIST_MAX[path];
  const count = form.values[path].length;
  const listError = form.errors[path];

  return (
    <Fieldset legend={legend} variant="filled" radius="md">
      <Stack gap="sm">
        {count === 0 && (
          <Text fz="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {form.values[path].map((_, index) => (
          <Paper key={form.key(`${path}.${index}`)} withBorder radius="md" p="sm" role="group" aria-label={`${Noun} ${index + 1}`}>
            <Group justify="space-between" mb={4}>
              <Text fz="sm" fw={600}>
                {Noun} {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover ${noun} ${index + 1}`}
                onClick={() => {
                  form.removeListItem(path, index);
                  addRef.current?.focus();
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            {children(index, (el) => {
              if (el && focusIndex.current === index) {
                focusIndex.current = null;
                el.focus();
              }
            })}
          </Paper>
        ))}
        <ErrorText>{listError}</ErrorText>
        <Group gap="sm">
          <Button
            ref={addRef}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={count >= max}
            onClick={() => {
              focusIndex.current = count;
              form.insertListItem(path, empty);
            }}
          >
            Adicionar {noun}
          </Button>
          {count >= max && (
            <Text fz="xs" c="dimmed">
              Máximo de {max} {legend.toLowerCase()}.
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}
