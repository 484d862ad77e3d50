// "Colar reserva": the agent pastes what a GDS or an airline's receipt shows, the API reads its
// flights, and the air form takes them for review; nothing is saved until the service is. The
// lines no flight was read from are listed, never guessed at.
import { type ParseItineraryOutput, parseItineraryInput, type UnreadLine } from '@app/shared/itinerary/schemas';
import { Alert, Button, Code, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { ErrorText } from '../../../../components/ErrorText';
import { DISCARD_QUESTION } from '../../../../components/FormDialog';
import { useSchemaForm } from '../../../../lib/form';
import { useTRPC } from '../../../../lib/trpc';

/** The lines of a paste that gave no flight, as pasted, by their number. */
export function UnreadLines({ lines }: { lines: UnreadLine[] }) {
  if (!lines.length) return null;
  return (
    <Alert color="yellow" variant="light" title="Linhas não lidas" data-testid="unread-lines">
      <Stack gap="xs">
        <Text fz="sm">Nenhum trecho foi lido destas linhas: confira se falta algum voo.</Text>
        <List size="sm" spacing={2} mah={200} style={{ overflowY: 'auto' }}>
          {lines.map((l) => (
            <List.Item key={l.line}>
              Linha {l.line}: <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{l.text}</Code>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

// Every dialog hears an Esc on the window, the service's too: these marks keep the service's dialog
// from closing with this one, which closes itself (as a date picker's calendar does, DateField).
const OWN_ESCAPE = { 'data-mantine-stop-propagation': true } as const;

/**
 * "Descartar alterações?" for what was pasted. FormDialog's own question would let its Esc reach the
 * service's dialog as well (Mantine listens on the window), so this one keeps its keys, like the paste.
 */
function DiscardQuestion({ opened, onKeep, onDiscard }: { opened: boolean; onKeep: () => void; onDiscard: () => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) onKeep();
  };
  return (
    // Its content takes no onKeyDown: the keys are heard on the root around it.
    <Modal.Root opened={opened} onClose={onKeep} closeOnEscape={false} size="md" centered onKeyDown={onKeyDown}>
      <Modal.Overlay />
      <Modal.Content {...OWN_ESCAPE}>
        <Modal.Header>
          <Modal.Title fw={600}>{DISCARD_QUESTION.title}</Modal.Title>
          <Modal.CloseButton aria-label="Fechar" {...OWN_ESCAPE} />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="lg">
            <Text>{DISCARD_QUESTION.text}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onKeep} data-autofocus {...OWN_ESCAPE}>
                {DISCARD_QUESTION.keep}
              </Button>
              <Button color="red" onClick={onDiscard} {...OWN_ESCAPE}>
                {DISCARD_QUESTION.discard}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export function PasteReservation({ onRead }: { onRead: (read: ParseItineraryOutput) => void }) {
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  /** The unread lines of a paste that gave no flight (the form keeps what was pasted). */
  const [nothingRead, setNothingRead] = useState<UnreadLine[] | null>(null);
  const form = useSchemaForm({ schema: parseItineraryInput, initialValues: { text: '' } });
  const close = () => {
    setOpened(false);
    setNothingRead(null);
    form.reset();
  };
  const [asking, setAsking] = useState(false);
  /** Esc, ×, a click outside, Cancelar: asks first when something was pasted or typed. */
  const leave = () => (form.hasChanges() ? setAsking(true) : close());
  const read = useMutation(
    trpc.services.parseItinerary.mutationOptions({
      onSuccess: (result) => {
        if (!result.segments.length) {
          setNothingRead(result.unread_lines);
          return;
        }
        onRead(result);
        close();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const submit = form.submit((input) => {
    setNothingRead(null);
    read.mutate(input);
  });

  // The dialog is rendered apart but sits inside the service's form in React's tree: its keys and
  // its submit stay its own (Esc closes only it, Ctrl+S in it never saves the service).
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) leave();
  };

  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconClipboardText size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Colar reserva
      </Button>
      <Modal.Root opened={opened} onClose={leave} closeOnEscape={false} size="lg" centered>
        <Modal.Overlay />
        <Modal.Content {...OWN_ESCAPE}>
          <form
            noValidate
            aria-label="Colar reserva"
            onKeyDown={onKeyDown}
            onSubmit={(event) => {
              event.stopPropagation();
              submit(event);
            }}
          >
            <Modal.Header>
              <Modal.Title fw={600}>Colar reserva</Modal.Title>
              <Modal.CloseButton aria-label="Fechar" {...OWN_ESCAPE} />
            </Modal.Header>
            <Modal.Body>
              <Stack gap="sm">
                <Text fz="sm" c="dimmed">
                  Cole as linhas de trecho do Amadeus, do Sabre ou do Galileo, ou o recibo do bilhete da companhia aérea. Os trechos lidos
                  substituem os trechos deste serviço para você conferir; nada é salvo até você salvar o serviço.
                </Text>
                <Textarea
                  label="Texto da reserva"
                  autosize
                  minRows={8}
                  maxRows={16}
                  spellCheck={false}
                  autoComplete="off"
                  data-autofocus
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
                  {...OWN_ESCAPE}
                  {...form.getInputProps('text')}
                />
                <ErrorText>{form.formError}</ErrorText>
                {nothingRead && (
                  <Text fz="sm" c="red" role="alert">
                    Nenhum trecho de voo foi encontrado no texto colado.
                  </Text>
                )}
                {nothingRead && <UnreadLines lines={nothingRead} />}
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={leave} {...OWN_ESCAPE}>
                    Cancelar
                  </Button>
                  <Button type="submit" loading={read.isPending} {...OWN_ESCAPE}>
                    Ler reserva
                  </Button>
                </Group>
              </Stack>
            </Modal.Body>
          </form>
        </Modal.Content>
      </Modal.Root>
      <DiscardQuestion
        opened={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          close();
        }}
      />
    </>
  );
}
