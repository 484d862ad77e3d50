// The budget's travellers: each one of the agency's clients or a name typed by hand, with age
// group, birth date and document. Edited as one list (PATCH paxes replaces it).
import { type BudgetPax, type BudgetTree, updateBudgetInput } from '@app/shared/budgets';
import type { ClientListItem } from '@app/shared/clients';
import { CLIENT_DOCUMENT_TYPE_LABELS, CLIENT_DOCUMENT_TYPES } from '@app/shared/crm-labels';
import { shortDate } from '@app/shared/format';
import { Button, Card, Fieldset, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DateField } from '../../../components/DateField';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { AutocompletePicker, type PickerProps } from '../../../components/pickers/AutocompletePicker';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { AGE_GROUP_LABELS, AGE_GROUP_OPTIONS, headCountText } from '../labels';

const paxesInput = updateBudgetInput.pick({ paxes: true });
const DOCUMENT_OPTIONS = CLIENT_DOCUMENT_TYPES.map((t) => ({ value: t, label: CLIENT_DOCUMENT_TYPE_LABELS[t] }));
const LABELS = { name: 'Nome', document_number: 'Número do documento' };

type PaxRow = {
  client_id: number | null;
  name: string;
  age_group: BudgetPax['age_group'];
  birth_date: string | null;
  document_type: BudgetPax['document_type'];
  document_number: string;
};

/** Rows keep their inputs' state (a picked client's name) by a key of their own, not their place. */
let nextKey = 1;
const paxRow = (p?: BudgetPax): PaxRow => ({
  client_id: p?.client_id ?? null,
  name: p?.name ?? '',
  age_group: p?.age_group ?? 'adult',
  birth_date: p?.birth_date ?? null,
  document_type: p?.document_type ?? null,
  document_number: p?.document_number ?? '',
});

function ClientPicker(props: PickerProps<ClientListItem>) {
  const trpc = useTRPC();
  return (
    <AutocompletePicker
      {...props}
      placeholder="Busque um cliente (opcional)"
      search={(term) =>
        trpc.clients.list.queryOptions(
          { search: term.trim() || undefined, is_active: 'true', page: 1, per_page: 10 },
          { trpc: { abortOnUnmount: true } },
        )
      }
      itemsOf={(data) => data.clients}
      optionText={(c) => c.name}
    />
  );
}

function PaxesForm({ budget, onClose, onSaved }: { budget: BudgetTree; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: paxesInput,
    initialValues: { paxes: budget.paxes.length ? budget.paxes.map(paxRow) : [paxRow()] },
    labels: LABELS,
  });
  const [clientNames] = useState(() => new Map(budget.paxes.flatMap((p) => (p.client_id ? [[p.client_id, p.name] as const] : []))));
  const save = useMutation(
    trpc.budgets.update.mutationOptions({
      onSuccess: () => {
        toastSuccess('Passageiros salvos.');
        onSaved();
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const rows = form.values.paxes;
  const [keys, setKeys] = useState(() => rows.map(() => nextKey++));
  return (
    <form onSubmit={form.submit((input) => save.mutate({ id: budget.id, paxes: input.paxes ?? [] }))} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        {rows.map((row, index) => {
          const n = index + 1;
          const base = `paxes.${index}`;
          return (
            <Fieldset key={keys[index]} legend={`Passageiro ${n}`} radius="md" aria-label={`Passageiro ${n}`}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <ClientPicker
                    label="Cliente"
                    value={row.client_id}
                    initialLabel={row.client_id ? clientNames.get(row.client_id) : undefined}
                    onChange={(id, client) => {
                      form.setFieldValue(`${base}.client_id`, id);
                      if (client && !form.getValues().paxes[index]?.name.trim()) form.setFieldValue(`${base}.name`, client.name);
                    }}
                  />
                  <TextInput label="Nome" autoComplete="off" {...form.getInputProps(`${base}.name`)} />
                  <Select
                    label="Faixa etária"
                    data={AGE_GROUP_OPTIONS}
                    allowDeselect={false}
                    {...form.getInputProps(`${base}.age_group`)}
                  />
                  <DateField label="Data de nascimento" maxDate={new Date()} {...form.getInputProps(`${base}.birth_date`)} />
                  <Select label="Documento" clearable data={DOCUMENT_OPTIONS} {...form.getInputProps(`${base}.document_type`)} />
                  <TextInput label="Número do documento" autoComplete="off" {...form.getInputProps(`${base}.document_number`)} />
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => {
                      setKeys((k) => k.filter((_, i) => i !== index));
                      form.removeListItem('paxes', index);
                    }}
                  >
                    Remover passageiro {n}
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setKeys((k) => [...k, nextKey++]);
              form.insertListItem('paxes', paxRow());
            }}
          >
            Adicionar passageiro
          </Button>
        </Group>
        <FormActions onCancel={onClose} pending={save.isPending}>
          Salvar passageiros
        </FormActions>
      </Stack>
    </form>
  );
}

/** The travellers' table, or how to add them; the modal edits the whole list (not on a read-only, sold budget). */
export function PaxesSection({ budget, readOnly = false, onChanged }: { budget: BudgetTree; readOnly?: boolean; onChanged: () => void }) {
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const counts = { adult: 0, child: 0, infant: 0 };
  for (const p of budget.paxes) counts[p.age_group] += 1;
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconUsers size={18} aria-hidden />
            <Text fw={600} component="h2" fz="lg">
              Passageiros
            </Text>
            <Text fz="sm" c="dimmed">
              {headCountText(counts)}
            </Text>
          </Group>
          {!readOnly && (
            <Button variant="light" size="xs" onClick={() => setOpened(true)}>
              Editar passageiros
            </Button>
          )}
        </Group>
        {budget.paxes.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nenhum passageiro. Sem passageiros, os totais por pessoa usam as quantidades dos serviços.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Faixa etária</Table.Th>
                  <Table.Th>Nascimento</Table.Th>
                  <Table.Th>Documento</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {budget.paxes.map((p) => (
                  <Table.Tr key={p.id} data-testid="pax-row">
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{AGE_GROUP_LABELS[p.age_group]}</Table.Td>
                    <Table.Td>{shortDate(p.birth_date) || '—'}</Table.Td>
                    <Table.Td>
                      {p.document_type ? `${CLIENT_DOCUMENT_TYPE_LABELS[p.document_type]} ${p.document_number ?? ''}`.trim() : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<Text fw={600}>Passageiros</Text>}
        size="xl"
        fullScreen={phone}
        centered
      >
        {opened && <PaxesForm budget={budget} onClose={() => setOpened(false)} onSaved={onChanged} />}
      </Modal>
    </Card>
  );
}
