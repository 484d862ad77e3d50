// The budget editor's keyboard shortcuts: declared once here, bound where they act (the tabs, the
// service cards, the service form) and listed in the sheet that "?" and the "Atalhos" button open.
import { Button, Group, Kbd, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { useShortcuts } from '../../../lib/shortcuts';

type Shortcut = {
  /** Mantine's notation, for the binding. */
  hotkey: string;
  /** The keys as the sheet shows them: each alternative a list of keys pressed together. */
  keys: string[][];
  label: string;
  /** Only on a budget that can still change (not a sold one). */
  editing: boolean;
};

export const EDITOR_SHORTCUTS = {
  newService: { hotkey: 'n', keys: [['N']], label: 'Novo serviço (escolha o tipo na lista)', editing: true },
  proposalFromTemplate: { hotkey: 'm', keys: [['M']], label: 'Nova proposta de um modelo', editing: true },
  nextProposal: { hotkey: ']', keys: [[']']], label: 'Próxima proposta', editing: false },
  previousProposal: { hotkey: '[', keys: [['[']], label: 'Proposta anterior', editing: false },
  openService: { hotkey: 'Enter', keys: [['Enter']], label: 'Abrir o serviço em foco', editing: true },
  duplicateService: { hotkey: 'd', keys: [['D']], label: 'Duplicar o serviço em foco', editing: true },
  saveService: {
    hotkey: 'mod+s',
    keys: [
      ['Ctrl', 'S'],
      ['⌘', 'S'],
    ],
    label: 'Salvar o serviço aberto',
    editing: true,
  },
  help: { hotkey: '?', keys: [['?']], label: 'Mostrar os atalhos', editing: false },
} as const satisfies Record<string, Shortcut>;

function Keys({ keys }: { keys: readonly (readonly string[])[] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {keys.map((combo, i) => (
        <Fragment key={combo.join('+')}>
          {i > 0 && (
            <Text span fz="sm" c="dimmed">
              ou
            </Text>
          )}
          {combo.map((key, k) => (
            <Fragment key={key}>
              {k > 0 && (
                <Text span fz="sm">
                  +
                </Text>
              )}
              <Kbd>{key}</Kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </Group>
  );
}

/** The "Atalhos" button, the sheet it opens, and "?", which opens it too. */
export function EditorShortcuts({ readOnly }: { readOnly: boolean }) {
  const [opened, setOpened] = useState(false);
  // '?' is Shift plus a key on most keyboards; some send it without Shift.
  useShortcuts([
    [`shift+${EDITOR_SHORTCUTS.help.hotkey}`, () => setOpened(true)],
    [EDITOR_SHORTCUTS.help.hotkey, () => setOpened(true)],
  ]);
  const shown = Object.values(EDITOR_SHORTCUTS).filter((s) => !readOnly || !s.editing);
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconKeyboard size={16} aria-hidden />}
        aria-keyshortcuts="?"
        onClick={() => setOpened(true)}
      >
        Atalhos
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title={<Text fw={600}>Atalhos do teclado</Text>} centered>
        <Text fz="sm" c="dimmed" mb="sm">
          As teclas de uma letra não valem enquanto você digita num campo; Ctrl + S salva o formulário do serviço aberto.
        </Text>
        <Table verticalSpacing="xs" aria-label="Atalhos do teclado">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tecla</Table.Th>
              <Table.Th>Ação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((s) => (
              <Table.Tr key={s.hotkey}>
                <Table.Td>
                  <Keys keys={s.keys} />
                </Table.Td>
                <Table.Td>{s.label}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Dialog>
    </>
  );
}
